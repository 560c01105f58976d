/** What each message (email and SMS) says in Romanian: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Dacă butonul nu funcționează, copiați această adresă în browser:",
  automatic: "Acest mesaj a fost trimis automat pentru {tenant}. Răspundeți la acest e-mail pentru a-i contacta. Nu îl redirecționați: linkul este personal.",
  /** `signing.link` as an approver or a viewer receives it (they neither sign nor are asked to). */
  checkNote: {
    access_code:
      "Înainte ca documentul să se deschidă, linkul cere un cod de acces. {tenant} vi-l comunică separat (telefonic, prin scrisoare sau în persoană); nu apare niciodată în acest e-mail.",
    id_check:
      "Înainte de a semna, {tenant} vă cere să vă verificați identitatea: pregătiți pașaportul, permisul de conducere sau cartea de identitate, precum și un telefon sau un computer cu cameră pentru un selfie.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} vă cere să aprobați „{title}”",
      heading: "Vă rugăm să examinați și să aprobați",
      lines: [
        "Bună ziua, {name},",
        "{tenant} vă cere aprobarea pentru „{title}” înainte ca acesta să meargă mai departe. Aprobați-l sau refuzați-l indicând un motiv.",
      ],
      action: "Examinați și aprobați",
      sms: "{tenant} vă cere să aprobați „{title}”: {link} Răspundeți STOP pentru dezabonare.",
    },
    viewer: {
      subject: "{tenant} vă trimite „{title}” spre citire",
      heading: "Vă rugăm să citiți și să confirmați",
      lines: ["Bună ziua, {name},", "{tenant} vă cere să citiți „{title}” și să confirmați că l-ați citit. Nu vi se cere să îl semnați."],
      action: "Citiți documentul",
      sms: "{tenant} vă cere să citiți „{title}”: {link} Răspundeți STOP pentru dezabonare.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} vă cere să semnați „{title}”",
      heading: "Vă rugăm să examinați și să semnați",
      lines: ["Bună ziua, {name},", "{tenant} v-a trimis „{title}” pentru examinare și semnare electronică."],
      action: "Examinați și semnați",
      sms: "{tenant} vă cere să semnați „{title}”: {link} Răspundeți STOP pentru dezabonare.",
    },
    "signing.reminder": {
      subject: "Memento: „{title}” așteaptă semnătura dumneavoastră",
      heading: "Un memento pentru semnare",
      lines: ["Bună ziua, {name},", "{tenant} încă așteaptă semnătura dumneavoastră pe „{title}”. Linkul anterior nu mai funcționează; folosiți-l pe acesta."],
      action: "Examinați și semnați",
      sms: "Memento de la {tenant}: „{title}” așteaptă semnătura dumneavoastră: {link} Răspundeți STOP pentru dezabonare.",
    },
    "signing.delegated": {
      subject: "{from} v-a transmis „{title}” spre semnare",
      heading: "O solicitare de semnare v-a fost transmisă",
      lines: ["Bună ziua, {name},", "{from} v-a transmis partea sa din „{title}” de la {tenant}. Vă rugăm să îl examinați și să îl semnați electronic."],
      action: "Examinați și semnați",
      sms: "{from} v-a transmis „{title}” de la {tenant} spre semnare: {link}",
    },
    "signing.code": {
      subject: "Codul dumneavoastră pentru semnarea „{title}”",
      heading: "Codul dumneavoastră unic",
      lines: [
        "Bună ziua, {name},",
        "Codul dumneavoastră pentru semnarea „{title}” pentru {tenant} este {code}.",
        "Expiră în {minutes, plural, one {# minut} few {# minute} other {# de minute}}. Nu îl comunicați nimănui.",
      ],
      sms: "{code} este codul dumneavoastră pentru semnarea „{title}” pentru {tenant}. Expiră în {minutes, plural, one {# minut} few {# minute} other {# de minute}}.",
    },
    "signing.completed": {
      subject: "Finalizat: „{title}”",
      heading: "Toată lumea a semnat",
      lines: [
        "Bună ziua, {name},",
        "Toată lumea a semnat „{title}” pentru {tenant}. Descărcați PDF-ul sigilat de la linkul dumneavoastră în următoarele 30 de zile.",
      ],
      action: "Descărcați documentul semnat",
      sms: "Toată lumea a semnat „{title}” pentru {tenant}. Descărcați-l: {link}",
    },
    "dashboard.sign_in": {
      subject: "Conectați-vă la {tenant}",
      heading: "Linkul dumneavoastră de conectare",
      lines: [
        "Bună ziua, {name},",
        "Folosiți acest link pentru a vă conecta la panoul de control {tenant}. Funcționează o singură dată, în 15 minute.",
        "Dacă nu l-ați cerut, ignorați acest e-mail.",
      ],
      action: "Conectare",
      sms: "Conectați-vă la {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "Confirmați adresa de e-mail pentru a crea {business}",
      heading: "Confirmați adresa de e-mail",
      lines: [
        "Bună ziua,",
        "Cineva, sperăm că dumneavoastră, a cerut crearea contului {business} pe Edge Sign cu această adresă de e-mail.",
        "Urmați linkul pentru a o confirma: contul este creat și sunteți conectat. Linkul funcționează o singură dată, în 24 de ore.",
        "Dacă nu l-ați cerut, ignorați acest e-mail: nu se creează nimic.",
      ],
      action: "Creați contul meu",
      sms: "Confirmați adresa de e-mail pentru a crea {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "Aveți deja un cont",
      heading: "Aveți deja un cont",
      lines: [
        "Bună ziua,",
        "Cineva, sperăm că dumneavoastră, a cerut crearea unui cont pe Edge Sign cu această adresă de e-mail, care aparține deja unui cont.",
        "Conectați-vă în schimb; dacă ați uitat parola, cereți un link de conectare pe pagina de conectare.",
        "Dacă nu l-ați cerut, ignorați acest e-mail.",
      ],
      action: "Conectare",
      sms: "Aveți deja un cont: conectați-vă la {link}",
    },
    "member.invitation": {
      subject: "{tenant} vă invită pe Edge Sign",
      heading: "Sunteți invitat",
      lines: [
        "Bună ziua,",
        "{tenant} vă invită să vă alăturați contului său pe Edge Sign.",
        "Urmați linkul pentru a vă alege numele și parola: apoi sunteți conectat. Linkul funcționează o singură dată, în 7 zile.",
        "Dacă nu vă așteptați la această invitație, ignorați acest e-mail.",
      ],
      action: "Acceptați invitația",
      sms: "{tenant} vă invită pe Edge Sign: {link}",
    },
  },
};
