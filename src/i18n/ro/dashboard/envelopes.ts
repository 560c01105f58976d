/** The dashboard's envelopes words in Romanian; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Plic nou",
  env_intro: "Un plic trimite între {min} și {max} documente împreună acelorași persoane: fiecare persoană primește un singur link pentru toate.",
  env_title: "Titlu",
  env_documents: "Documente",
  env_document: "Document",
  env_document_n: "Documentul {n}",
  env_choose_template: "Alegeți un șablon",
  env_values_hint: "Alegeți șablonul fiecărui document, apoi apăsați „Afișați valorile de completat” pentru a vi se cere valorile.",
  env_people: "Persoane",
  env_people_note:
    "Grupurile de semnare și transmiterea unei părți altcuiva se setează pentru fiecare document și nu sunt disponibile într-un plic: trimiteți un astfel de document separat.",
  env_expires: "Expiră pe (opțional)",
  env_expires_hint: "La sfârșitul acelei zile (UTC). Fără dată: în 30 de zile.",
  env_send: "Trimiteți plicul",
  env_show_values: "Afișați valorile de completat",
  env_add_document: "Adăugați un document",
  env_documents_max: "Numărul maxim de documente: {n}.",
  env_refused: "Netrimis. Mesajul se află lângă partea pe care o vizează.",
  env_sent_done: "Plic trimis. Fiecare persoană care trebuie să acționeze primește linkul prin e-mail.",
  env_voided_done: "Plicul a fost anulat, împreună cu fiecare document nefinalizat al său.",
  env_void: "Anulați plicul",
  env_void_note: "Anulează fiecare document nefinalizat din plic.",
  env_void_button: "Anulați acest plic",
  env_part_of: "Face parte din plicul",
  env_list: "Plicuri",
  env_none: "Niciun plic încă.",
};
