/** Translations of `consent/1` and `intent/1` in Hebrew; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "אני מסכים/ה לקבל מסמך זה ולחתום עליו באופן אלקטרוני. ידוע לי שלחתימה האלקטרונית שלי אותו תוקף כמו לחתימה בכתב יד, שאני רשאי/ת לבקש עותק מודפס, ושאני יכול/ה לחזור בי מהסכמה זו לפני החתימה, על ידי סירוב לחתום.",
  intent: "בחתימתי אני מאמץ/ת חתימה זו כחתימתי שלי ומתכוון/ת לחתום על מסמך זה כפי שהוא מוצג, המזוהה באמצעות טביעת האצבע שלו שלהלן.",
};
