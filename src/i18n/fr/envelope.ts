/** The signer's page for an envelope, in French. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Les documents",
  env_documentOf: "Document {n} sur {count}",
  env_answersHeading: "Vos réponses : {title}",
  env_answersIntro: "Répondez aux champs de chaque document qui en demande ; vos réponses sont enregistrées au fur et à mesure.",
  env_saveAnswers: "Enregistrer les réponses",
  env_toAnswer: "{n} à remplir",
  env_answered: "réponses enregistrées",
  env_answerLink: "Répondre",
  env_signAll: "Votre unique signature signe tous les documents de cette enveloppe.",
  env_consentAll: "Votre consentement couvre tous les documents de cette enveloppe.",
  env_pageOf: "Page {n} de {title}",
  env_pdfDoc: "Pages du document",
  env_approveBody:
    "Lisez les documents ci-dessus. Les approuver les transmet aux personnes suivantes ; s'ils ne doivent pas aller plus loin, refusez plutôt ci-dessous.",
  env_approvedTitle: "Vous avez approuvé ces documents",
  env_ackHeading: "Confirmez les avoir lus",
  env_ackBody: "Il vous est demandé de lire ces documents, pas de les signer. Confirmez ci-dessous une fois que vous les avez lus.",
  env_acknowledgedTitle: "Vous avez confirmé la lecture de ces documents",
  env_signedTitle: "Vous avez signé ces documents",
  env_changeLink: "Modifier",
  env_notYourTurn:
    "Ces documents se signent dans l'ordre. {name} passe avant vous. Vous pouvez les lire dès maintenant ; revenez à ce lien pour signer quand ce sera votre tour.",
  env_ccNote: "Vous recevez une copie de ces documents. Vous ne les signez pas.",
};
