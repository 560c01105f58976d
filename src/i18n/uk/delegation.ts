/** The signer's page's "Pass to someone else" form and its answer, in Ukrainian (merged into the pages' words). */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Передати іншій особі",
  delegateIntro: "Якщо це має зробити інша особа замість вас, передайте їй. Вона отримає власне посилання електронною поштою, а ваше перестане діяти.",
  delegateName: "Повне ім’я особи",
  delegateEmail: "Електронна адреса особи",
  delegateReason: "Чому ви передаєте документ?",
  delegateHint: "Відправник побачить цю причину.",
  delegateButton: "Передати",
  delegatedTitle: "Передано: {name}",
  delegatedBody: "Запит надіслано особі {name} електронною поштою. Дію цього посилання завершено.",
  err_delegateName: "Вкажіть повне ім’я особи.",
  err_delegateEmail: "Введіть електронну адресу особи, наприклад name@example.com.",
  err_delegateReason: "Вкажіть причину передачі.",
  err_delegateTaken: "Ця особа вже є в документі: передайте його тому, кого в ньому немає.",
};
