/** What each message (email and SMS) says in Italian: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Se il pulsante non funziona, copi questo indirizzo nel Suo browser:",
  automatic:
    "Questo messaggio è stato inviato automaticamente per conto di {tenant}. Risponda a questa email per contattarli. Non la inoltri: il link è personale.",
  /** `signing.link` as an approver or a viewer receives it (they neither sign nor are asked to). */
  checkNote: {
    access_code:
      "Prima che il documento si apra, il link chiede un codice di accesso. {tenant} te lo fornisce separatamente (per telefono, per lettera o di persona); non è mai in questa email.",
    id_check:
      "Prima di firmare, {tenant} ti chiede di verificare la tua identità: tieni a portata di mano passaporto, patente o carta d'identità, e un telefono o computer con fotocamera per un selfie.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} Le chiede di approvare “{title}”",
      heading: "La preghiamo di leggere e approvare",
      lines: ["Gentile {name},", "{tenant} chiede la Sua approvazione di “{title}” prima di procedere. Lo approvi, oppure lo rifiuti indicandone il motivo."],
      action: "Leggi e approva",
      sms: "{tenant} Le chiede di approvare “{title}”: {link} Risponda STOP per non ricevere altri messaggi.",
    },
    viewer: {
      subject: "{tenant} condivide con Lei “{title}” da leggere",
      heading: "La preghiamo di leggere e confermare",
      lines: ["Gentile {name},", "{tenant} Le chiede di leggere “{title}” e di confermarne la lettura. Non Le è chiesto di firmarlo."],
      action: "Leggi il documento",
      sms: "{tenant} Le chiede di leggere “{title}”: {link} Risponda STOP per non ricevere altri messaggi.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} Le chiede di firmare “{title}”",
      heading: "La preghiamo di leggere e firmare",
      lines: ["Gentile {name},", "{tenant} Le ha inviato “{title}” da leggere e firmare elettronicamente."],
      action: "Leggi e firma",
      sms: "{tenant} Le chiede di firmare “{title}”: {link} Risponda STOP per non ricevere altri messaggi.",
    },
    "signing.reminder": {
      subject: "Promemoria: “{title}” attende la Sua firma",
      heading: "Un promemoria per firmare",
      lines: ["Gentile {name},", "{tenant} attende ancora la Sua firma su “{title}”. Il link precedente non funziona più; usi questo."],
      action: "Leggi e firma",
      sms: "Promemoria da {tenant}: “{title}” attende la Sua firma: {link} Risponda STOP per non ricevere altri messaggi.",
    },
    "signing.delegated": {
      subject: "{from} Le ha passato “{title}” da firmare",
      heading: "Una richiesta di firma passata a Lei",
      lines: ["Gentile {name},", "{from} Le ha passato la propria parte in “{title}” di {tenant}. La legga e la firmi elettronicamente."],
      action: "Leggi e firma",
      sms: "{from} Le ha passato “{title}” di {tenant} da firmare: {link}",
    },
    "signing.code": {
      subject: "Il Suo codice per firmare “{title}”",
      heading: "Il Suo codice monouso",
      lines: [
        "Gentile {name},",
        "Il Suo codice per firmare “{title}” per {tenant} è {code}.",
        "Scade tra {minutes, plural, one {# minuto} many {# di minuti} other {# minuti}}. Non lo condivida mai con nessuno.",
      ],
      sms: "{code} è il Suo codice per firmare “{title}” per {tenant}. Scade tra {minutes, plural, one {# minuto} many {# di minuti} other {# minuti}}.",
    },
    "signing.completed": {
      subject: "Completato: “{title}”",
      heading: "Tutti hanno firmato",
      lines: ["Gentile {name},", "Tutti hanno firmato “{title}” per {tenant}. Scarichi il PDF sigillato dal Suo link entro i prossimi 30 giorni."],
      action: "Scarica il documento firmato",
      sms: "Tutti hanno firmato “{title}” per {tenant}. Lo scarichi: {link}",
    },
    "dashboard.sign_in": {
      subject: "Accedi a {tenant}",
      heading: "Il Suo link di accesso",
      lines: [
        "Gentile {name},",
        "Usi questo link per accedere alla dashboard di {tenant}. Funziona una sola volta, entro 15 minuti.",
        "Se non l'ha richiesto, ignori questa email.",
      ],
      action: "Accedi",
      sms: "Accedi a {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "Conferma la tua email per creare {business}",
      heading: "Conferma la tua email",
      lines: [
        "Ciao,",
        "Qualcuno, speriamo tu, ha chiesto di creare l’account {business} su Edge Sign con questo indirizzo email.",
        "Segui il link per confermare: l’account viene creato e accedi subito. Il link funziona una volta, entro 24 ore.",
        "Se non sei stato tu, ignora questa email: non viene creato nulla.",
      ],
      action: "Crea il mio account",
      sms: "Conferma la tua email per creare {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "Hai già un account",
      heading: "Hai già un account",
      lines: [
        "Ciao,",
        "Qualcuno, speriamo tu, ha chiesto di creare un account su Edge Sign con questo indirizzo email, che appartiene già a un account.",
        "Accedi invece; se hai dimenticato la password, chiedi un link di accesso nella pagina di accesso.",
        "Se non sei stato tu, ignora questa email.",
      ],
      action: "Accedi",
      sms: "Hai già un account: accedi su {link}",
    },
    "member.invitation": {
      subject: "{tenant} ti invita su Edge Sign",
      heading: "Hai un invito",
      lines: [
        "Ciao,",
        "{tenant} ti invita a unirti al suo account su Edge Sign.",
        "Segui il link per scegliere nome e password: poi avrai già effettuato l’accesso. Il link funziona una volta, entro 7 giorni.",
        "Se non te lo aspettavi, ignora questa email.",
      ],
      action: "Accetta l’invito",
      sms: "{tenant} ti invita su Edge Sign: {link}",
    },
  },
};
