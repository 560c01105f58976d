/** The dashboard's signer identity words in Hungarian; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Aláíró személyazonossága",
  idn_part11_on:
    "A Part 11 be van kapcsolva: minden aláíráshoz új egyszer használatos kód és indoklás szükséges, a munkatársak pedig csak saját jelszavukkal vagy e-mailben kapott linkkel jelentkezhetnek be. Az üzemeltető kapcsolja be vagy ki.",
  idn_part11_off: "A Part 11 ki van kapcsolva. Az üzemeltető azokhoz a fiókokhoz kapcsolja be, amelyeknek szükségük van a 21 CFR Part 11-re.",
  idn_disclosure: "Fogyasztói tájékoztató",
  idn_disclosure_hint: "A hozzájárulás előtt minden aláírónak megjelenik, és el kell fogadnia. Eltávolításához hagyja üresen az összes mezőt.",
  idn_text: "Tájékoztató (legfeljebb 10 000 karakter)",
  idn_withdraw: "A hozzájárulás visszavonásának módja (legfeljebb 2000 karakter)",
  idn_paper_how: "Papíralapú másolat kérésének módja",
  idn_paper_cost: "A papíralapú másolat költsége",
  idn_save: "A tájékoztató mentése",
  idn_saved: "Fogyasztói tájékoztató mentve.",
  sd_reauthenticate: "Újbóli hitelesítés aláíráskor (minden aláírásnál új egyszer használatos kód és indoklás)",
  sd_auth_id_check: "Személyazonosság-ellenőrzés",
  doc_auth_id_check: "Személyazonosság-ellenőrzés",
  doc_sign_reason: "ok: {reason}",
  tp_reasons: "Aláírási okok (soronként egy, legfeljebb 10)",
  tp_reasons_hint: "Az újból hitelesítő aláíró ezek közül választ egyet; ha nincs megadva ok, maga írja meg.",
};
