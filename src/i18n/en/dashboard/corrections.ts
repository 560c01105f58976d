/** The dashboard's "Correct a signer" form on a sent document's page, in English. */
export const corrections = {
  cor_heading: "Correct a signer",
  cor_intro: "Before a signer consents you can fix their name, email or phone. They get a new link, and their earlier link stops working.",
  cor_summary: "Correct {name}",
  cor_name: "Full name",
  cor_email: "Email",
  cor_phone: "New phone (optional)",
  cor_phone_hint: "With the country code; leave it empty to keep the phone as it is.",
  cor_button: "Save and issue a new link",
  cor_done: "Signer corrected",
  cor_done_note:
    "This is their new link, shown once. The earlier link no longer works. When the service delivers this document's links, it has also been emailed to them.",
};
