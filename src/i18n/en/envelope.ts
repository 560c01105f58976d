/** The signer's page for an envelope (several documents, one link), in English (merged into the pages' words). */
export const envelope = {
  env_documentsHeading: "The documents",
  env_documentOf: "Document {n} of {count}",
  env_answersHeading: "Your answers: {title}",
  env_answersIntro: "Answer the fields of each document that asks for them; your answers are saved as you go.",
  env_saveAnswers: "Save answers",
  env_toAnswer: "{n} to answer",
  env_answered: "answers saved",
  env_answerLink: "Answer",
  env_signAll: "Your one signature signs every document of this envelope.",
  env_consentAll: "Your consent covers every document of this envelope.",
  env_pageOf: "Page {n} of {title}",
  env_pdfDoc: "Pages of the document",
};
