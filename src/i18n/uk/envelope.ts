/** The signer's page for an envelope (several documents, one link), in Ukrainian (merged into the pages' words). */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Документи",
  env_documentOf: "Документ {n} з {count}",
  env_answersHeading: "Ваші відповіді: {title}",
  env_answersIntro: "Заповніть поля кожного документа, який їх містить; ваші відповіді зберігаються під час заповнення.",
  env_saveAnswers: "Зберегти відповіді",
  env_toAnswer: "Потрібно відповісти: {n}",
  env_answered: "відповіді збережено",
  env_answerLink: "Відповісти",
  env_signAll: "Ваш єдиний підпис підписує всі документи цього конверта.",
  env_consentAll: "Ваша згода поширюється на всі документи цього конверта.",
  env_pageOf: "Сторінка {n} документа «{title}»",
  env_pdfDoc: "Сторінки документа",
  env_approveBody:
    "Прочитайте документи вище. Схвалення дозволяє передати їх наступним учасникам; якщо їх не слід передавати далі, натомість відхиліть їх нижче.",
  env_approvedTitle: "Ви схвалили ці документи",
  env_ackHeading: "Підтвердьте, що ви їх прочитали",
  env_ackBody: "Вас просять прочитати ці документи, а не підписати їх. Після прочитання підтвердьте це нижче.",
  env_acknowledgedTitle: "Ви підтвердили ознайомлення з цими документами",
  env_signedTitle: "Ви підписали ці документи",
  env_changeLink: "Змінити",
  env_notYourTurn:
    "Ці документи підписуються по черзі. {name} підписує перед вами. Ви можете прочитати їх зараз; поверніться за цим посиланням, щоб підписати, коли настане ваша черга.",
  env_ccNote: "Ви отримуєте копію цих документів. Ви їх не підписуєте.",
};
