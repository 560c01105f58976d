/** dashboard/envelopes in Swedish: the keys and {placeholders} of ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Nytt kuvert",
  env_intro: "Ett kuvert skickar {min} till {max} dokument tillsammans till samma personer: varje person får en länk för alla.",
  env_title: "Titel",
  env_documents: "Dokument",
  env_document: "Dokument",
  env_document_n: "Dokument {n}",
  env_choose_template: "Välj en mall",
  env_values_hint: "Välj mall för varje dokument och tryck sedan på ”Visa värdena att fylla i” för att ange värdena.",
  env_people: "Personer",
  env_people_note:
    "Signeringsgrupper och att lämna över en del till någon annan ställs in per dokument och är inte tillgängliga i ett kuvert: skicka ett sådant dokument separat.",
  env_expires: "Går ut den (valfritt)",
  env_expires_hint: "Vid slutet av den dagen (UTC). Utan datum: om 30 dagar.",
  env_send: "Skicka kuvertet",
  env_show_values: "Visa värdena att fylla i",
  env_add_document: "Lägg till ett dokument",
  env_documents_max: "Högst {n} dokument.",
  env_refused: "Inte skickat. Meddelandet står bredvid den del det gäller.",
  env_sent_done: "Kuvertet har skickats. Varje person som ska agera får sin länk via e-post.",
  env_voided_done: "Kuvertet har makulerats, tillsammans med alla dess dokument som inte var slutförda.",
  env_void: "Makulera kuvertet",
  env_void_note: "Makulerar alla dokument i kuvertet som inte är slutförda.",
  env_void_button: "Makulera det här kuvertet",
  env_part_of: "Del av kuvert",
  env_list: "Kuvert",
  env_none: "Inget kuvert än.",
};
