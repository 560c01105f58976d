/** The signer's page's "Pass to someone else" form and its answer, in Arabic. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "الإحالة إلى شخص آخر",
  delegateIntro: "إذا كان ينبغي لشخص آخر القيام بذلك بدلًا منك، فأحِله إليه. سيتلقى رابطًا خاصًا به بالبريد الإلكتروني، ويتوقف رابطك عن العمل.",
  delegateName: "اسمه الكامل",
  delegateEmail: "عنوان بريده الإلكتروني",
  delegateReason: "لماذا تحيله؟",
  delegateHint: "يرى المرسل هذا السبب.",
  delegateButton: "إحالة",
  delegatedTitle: "أُحيل إلى {name}",
  delegatedBody: "أُرسل الطلب إلى {name} بالبريد الإلكتروني. انتهى هذا الرابط.",
  err_delegateName: "اكتب الاسم الكامل للشخص.",
  err_delegateEmail: "اكتب عنوان بريده الإلكتروني، مثل name@example.com.",
  err_delegateReason: "اذكر سببًا للإحالة.",
  err_delegateTaken: "هذا الشخص موجود بالفعل في المستند: أحِله إلى شخص غير موجود فيه.",
};
