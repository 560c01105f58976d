/** What each message (email and SMS) says in Hebrew: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "אם הכפתור אינו פועל, יש להעתיק את הכתובת הזו לדפדפן:",
  automatic: "הודעה זו נשלחה אוטומטית בשם {tenant}. אפשר להשיב לדוא״ל הזה כדי לפנות אליהם. אין להעביר אותה הלאה: הקישור אישי.",
  /** `signing.link` as an approver or a viewer receives it (they neither sign nor are asked to). */
  checkNote: {
    access_code: "לפני שהמסמך נפתח, הקישור יבקש קוד גישה. {tenant} ימסור לך אותו בנפרד (בטלפון, במכתב או באופן אישי); הוא אף פעם לא מופיע בהודעה זו.",
    id_check: "לפני החתימה, {tenant} מבקש שתאמת את זהותך: הכן דרכון, רישיון נהיגה או תעודת זהות, וטלפון או מחשב עם מצלמה לצילום סלפי.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} מבקש את אישורך ל„{title}”",
      heading: "נא לעיין ולאשר",
      lines: ["שלום {name},", "{tenant} מבקש את אישורך ל„{title}” לפני שהמסמך ממשיך. אשרו אותו, או דחו אותו עם סיבה."],
      action: "עיון ואישור",
      sms: "{tenant} מבקש את אישורך ל„{title}”: {link} להסרה יש להשיב STOP.",
    },
    viewer: {
      subject: "{tenant} משתף איתך את „{title}” לקריאה",
      heading: "נא לקרוא ולאשר",
      lines: ["שלום {name},", "{tenant} מבקש שתקראו את „{title}” ותאשרו שקראתם. לא מבקשים מכם לחתום עליו."],
      action: "קריאת המסמך",
      sms: "{tenant} מבקש שתקראו את „{title}”: {link} להסרה יש להשיב STOP.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} מבקש את חתימתך על „{title}”",
      heading: "נא לעיין ולחתום",
      lines: ["שלום {name},", "{tenant} שלח אלייך את „{title}” לעיון ולחתימה אלקטרונית."],
      action: "עיון וחתימה",
      sms: "{tenant} מבקש את חתימתך על „{title}”: {link} להסרה יש להשיב STOP.",
    },
    "signing.reminder": {
      subject: "תזכורת: „{title}” ממתין לחתימתך",
      heading: "תזכורת לחתימה",
      lines: ["שלום {name},", "{tenant} עדיין ממתין לחתימתך על „{title}”. הקישור הקודם כבר אינו פעיל; יש להשתמש בקישור הזה."],
      action: "עיון וחתימה",
      sms: "תזכורת מ-{tenant}: „{title}” ממתין לחתימתך: {link} להסרה יש להשיב STOP.",
    },
    "signing.delegated": {
      subject: "{from} העביר/ה אליך את „{title}” לחתימה",
      heading: "בקשת חתימה הועברה אליך",
      lines: ["שלום {name},", "{from} העביר/ה אליך את חלקו/ה ב„{title}” מ-{tenant}. יש לעיין ולחתום באופן אלקטרוני."],
      action: "עיון וחתימה",
      sms: "{from} העביר/ה אליך את „{title}” מ-{tenant} לחתימה: {link}",
    },
    "signing.code": {
      subject: "הקוד שלך לחתימה על „{title}”",
      heading: "הקוד החד-פעמי שלך",
      lines: [
        "שלום {name},",
        "הקוד שלך לחתימה על „{title}” עבור {tenant} הוא {code}.",
        "תוקפו יפוג בעוד {minutes, plural, one {דקה אחת} two {שתי דקות} other {# דקות}}. אין למסור אותו לאף אחד.",
      ],
      sms: "{code} הוא הקוד שלך לחתימה על „{title}” עבור {tenant}. תוקפו יפוג בעוד {minutes, plural, one {דקה אחת} two {שתי דקות} other {# דקות}}.",
    },
    "signing.completed": {
      subject: "הושלם: „{title}”",
      heading: "כולם חתמו",
      lines: ["שלום {name},", "כולם חתמו על „{title}” עבור {tenant}. אפשר להוריד את קובץ ה-PDF החתום מהקישור שלך במשך 30 הימים הבאים."],
      action: "הורדת המסמך החתום",
      sms: "כולם חתמו על „{title}” עבור {tenant}. להורדה: {link}",
    },
    "dashboard.sign_in": {
      subject: "כניסה אל {tenant}",
      heading: "קישור הכניסה שלך",
      lines: ["שלום {name},", "הקישור הזה מכניס אותך ללוח הבקרה של {tenant}. הוא פועל פעם אחת, בתוך 15 דקות.", "אם לא ביקשת אותו, אפשר להתעלם מהודעה זו."],
      action: "כניסה",
      sms: "כניסה אל {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "אשרו את הדוא״ל כדי ליצור את {business}",
      heading: "אשרו את כתובת הדוא״ל",
      lines: [
        "שלום,",
        "מישהו, כנראה אתם, ביקש ליצור את החשבון {business} ב־Edge Sign עם כתובת הדוא״ל הזו.",
        "היכנסו לקישור כדי לאשר: החשבון נוצר ואתם מחוברים. הקישור פועל פעם אחת, בתוך 24 שעות.",
        "אם לא ביקשתם זאת, התעלמו מהודעה זו: שום דבר לא נוצר.",
      ],
      action: "יצירת החשבון שלי",
      sms: "אשרו את הדוא״ל כדי ליצור את {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "כבר יש לכם חשבון",
      heading: "כבר יש לכם חשבון",
      lines: [
        "שלום,",
        "מישהו, כנראה אתם, ביקש ליצור חשבון ב־Edge Sign עם כתובת הדוא״ל הזו, שכבר שייכת לחשבון.",
        "היכנסו במקום זאת; אם שכחתם את הסיסמה, בקשו קישור כניסה בדף הכניסה.",
        "אם לא ביקשתם זאת, התעלמו מהודעה זו.",
      ],
      action: "כניסה",
      sms: "כבר יש לכם חשבון: היכנסו ב־{link}",
    },
    "member.invitation": {
      subject: "{tenant} מזמין/ה אותך ל-Edge Sign",
      heading: "קיבלת הזמנה",
      lines: [
        "שלום,",
        "{tenant} מזמין/ה אותך להצטרף לחשבון ב-Edge Sign.",
        "עקבו אחר הקישור כדי לבחור שם וסיסמה: לאחר מכן תהיו מחוברים. הקישור פועל פעם אחת, תוך 7 ימים.",
        "אם לא ציפיתם לכך, התעלמו מהודעה זו.",
      ],
      action: "קבלת ההזמנה",
      sms: "{tenant} מזמין/ה אותך ל-Edge Sign: {link}",
    },
  },
};
