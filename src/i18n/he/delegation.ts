/** The signer's page's "Pass to someone else" form and its answer, in Hebrew. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "העברה לאדם אחר",
  delegateIntro: "אם מישהו אחר צריך לעשות זאת במקומך, אפשר להעביר אליו. הוא יקבל קישור משלו בדוא״ל, והקישור שלך יפסיק לפעול.",
  delegateName: "השם המלא שלו",
  delegateEmail: "כתובת הדוא״ל שלו",
  delegateReason: "מדוע להעביר?",
  delegateHint: "השולח יראה את הסיבה הזו.",
  delegateButton: "העברה",
  delegatedTitle: "הועבר אל {name}",
  delegatedBody: "הבקשה נשלחה אל {name} בדוא״ל. הקישור הזה הסתיים.",
  err_delegateName: "יש לכתוב את שמו המלא של האדם.",
  err_delegateEmail: "יש לכתוב את כתובת הדוא״ל, למשל name@example.com.",
  err_delegateReason: "יש לציין סיבה להעברה.",
  err_delegateTaken: "האדם הזה כבר מופיע במסמך: יש להעביר למישהו שאינו מופיע בו.",
};
