/** What each message (email and SMS) says in English: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Phrases } from "../catalogue";

export const messages: Phrases = {
  copyAddress: "If the button does not work, copy this address into your browser:",
  automatic: "This message was sent automatically for {tenant}. Reply to this email to reach them. Do not forward it: the link is personal.",
  /** `signing.link` as an approver or a viewer receives it (they neither sign nor are asked to). */
  checkNote: {
    access_code:
      "Before the document opens, the link asks for an access code. {tenant} gives it to you separately (by phone, by letter or in person); it is never in this email.",
    id_check:
      "Before you sign, {tenant} asks you to verify your identity: have your passport, driving licence or ID card ready, and a phone or computer with a camera for a selfie.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} asks you to approve “{title}”",
      heading: "Please review and approve",
      lines: ["Hello {name},", "{tenant} asks for your approval of “{title}” before it goes on. Approve it, or decline with a reason."],
      action: "Review and approve",
      sms: "{tenant} asks you to approve “{title}”: {link} Reply STOP to opt out.",
    },
    viewer: {
      subject: "{tenant} shares “{title}” with you to read",
      heading: "Please read and confirm",
      lines: ["Hello {name},", "{tenant} asks you to read “{title}” and confirm you have read it. You are not asked to sign it."],
      action: "Read the document",
      sms: "{tenant} asks you to read “{title}”: {link} Reply STOP to opt out.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} asks you to sign “{title}”",
      heading: "Please review and sign",
      lines: ["Hello {name},", "{tenant} has sent you “{title}” to review and sign electronically."],
      action: "Review and sign",
      sms: "{tenant} asks you to sign “{title}”: {link} Reply STOP to opt out.",
    },
    "signing.reminder": {
      subject: "Reminder: “{title}” is waiting for your signature",
      heading: "A reminder to sign",
      lines: ["Hello {name},", "{tenant} is still waiting for your signature on “{title}”. Your earlier link no longer works; use this one."],
      action: "Review and sign",
      sms: "Reminder from {tenant}: “{title}” is waiting for your signature: {link} Reply STOP to opt out.",
    },
    "signing.delegated": {
      subject: "{from} passed “{title}” to you to sign",
      heading: "A signing request passed to you",
      lines: ["Hello {name},", "{from} passed their part in “{title}” from {tenant} to you. Please review and sign it electronically."],
      action: "Review and sign",
      sms: "{from} passed “{title}” from {tenant} to you to sign: {link}",
    },
    "signing.code": {
      subject: "Your code to sign “{title}”",
      heading: "Your one-time code",
      lines: [
        "Hello {name},",
        "Your code to sign “{title}” for {tenant} is {code}.",
        "It expires in {minutes, plural, one {# minute} other {# minutes}}. Never share it with anyone.",
      ],
      sms: "{code} is your code to sign “{title}” for {tenant}. It expires in {minutes, plural, one {# minute} other {# minutes}}.",
    },
    "signing.completed": {
      subject: "Completed: “{title}”",
      heading: "Everyone has signed",
      lines: ["Hello {name},", "Everyone has signed “{title}” for {tenant}. Download the sealed PDF from your link for the next 30 days."],
      action: "Download the signed document",
      sms: "Everyone has signed “{title}” for {tenant}. Download it: {link}",
    },
    "dashboard.sign_in": {
      subject: "Sign in to {tenant}",
      heading: "Your sign-in link",
      lines: [
        "Hello {name},",
        "Use this link to sign in to the {tenant} dashboard. It works once, within 15 minutes.",
        "If you did not ask for it, ignore this email.",
      ],
      action: "Sign in",
      sms: "Sign in to {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "Confirm your email to create {business}",
      heading: "Confirm your email",
      lines: [
        "Hello,",
        "Someone, hopefully you, asked to create the account {business} on Edge Sign with this email address.",
        "Follow the link to confirm it: the account is created and you are signed in. The link works once, within 24 hours.",
        "If you did not ask for it, ignore this email: nothing is created.",
      ],
      action: "Create my account",
      sms: "Confirm your email to create {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "You already have an account",
      heading: "You already have an account",
      lines: [
        "Hello,",
        "Someone, hopefully you, asked to create an account on Edge Sign with this email address, which already belongs to an account.",
        "Sign in instead; if you forgot your password, ask for a sign-in link on the sign-in page.",
        "If you did not ask for it, ignore this email.",
      ],
      action: "Sign in",
      sms: "You already have an account: sign in at {link}",
    },
    "member.invitation": {
      subject: "{tenant} invites you to Edge Sign",
      heading: "You are invited",
      lines: [
        "Hello,",
        "{tenant} invites you to join their account on Edge Sign.",
        "Follow the link to choose your name and password: you are then signed in. The link works once, within 7 days.",
        "If you did not expect it, ignore this email.",
      ],
      action: "Accept the invitation",
      sms: "{tenant} invites you to Edge Sign: {link}",
    },
  },
};
