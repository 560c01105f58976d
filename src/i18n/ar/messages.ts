/** What each message (email and SMS) says in Arabic (Modern Standard Arabic, polite forms): filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "إذا لم يعمل الزر، فانسخ هذا العنوان في متصفحك:",
  automatic: "أُرسلت هذه الرسالة تلقائيًا نيابةً عن {tenant}. ردّ على هذا البريد للتواصل معهم. لا تُعِد توجيهها: الرابط شخصي.",
  /** `signing.link` as an approver or a viewer receives it (they neither sign nor are asked to). */
  checkNote: {
    access_code: "قبل أن يُفتح المستند، سيطلب الرابط رمز وصول. تعطيك {tenant} الرمز بشكل منفصل (بالهاتف أو برسالة أو شخصيًا)؛ ولا يرد أبدًا في هذه الرسالة.",
    id_check: "قبل التوقيع، تطلب منك {tenant} التحقق من هويتك: جهّز جواز سفرك أو رخصة القيادة أو بطاقة الهوية، وهاتفًا أو حاسوبًا بكاميرا لالتقاط صورة ذاتية.",
  },
  linkFor: {
    approver: {
      subject: "يطلب منك {tenant} اعتماد «{title}»",
      heading: "يُرجى المراجعة والاعتماد",
      lines: ["مرحبًا {name}،", "يطلب {tenant} موافقتك على «{title}» قبل المضي فيه. اعتمده أو ارفضه مع ذكر السبب."],
      action: "المراجعة والاعتماد",
      sms: "يطلب منك {tenant} اعتماد «{title}»: {link} أرسل STOP لإيقاف الرسائل.",
    },
    viewer: {
      subject: "يشارك {tenant} معك «{title}» للاطلاع",
      heading: "يُرجى القراءة والتأكيد",
      lines: ["مرحبًا {name}،", "يطلب منك {tenant} قراءة «{title}» وتأكيد اطلاعك عليه. لا يُطلب منك توقيعه."],
      action: "قراءة المستند",
      sms: "يطلب منك {tenant} قراءة «{title}»: {link} أرسل STOP لإيقاف الرسائل.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "يطلب منك {tenant} توقيع «{title}»",
      heading: "يُرجى المراجعة والتوقيع",
      lines: ["مرحبًا {name}،", "أرسل إليك {tenant} المستند «{title}» لمراجعته وتوقيعه إلكترونيًا."],
      action: "المراجعة والتوقيع",
      sms: "يطلب منك {tenant} توقيع «{title}»: {link} أرسل STOP لإيقاف الرسائل.",
    },
    "signing.reminder": {
      subject: "تذكير: «{title}» بانتظار توقيعك",
      heading: "تذكير بالتوقيع",
      lines: ["مرحبًا {name}،", "لا يزال {tenant} بانتظار توقيعك على «{title}». لم يعد رابطك السابق يعمل؛ استخدم هذا الرابط."],
      action: "المراجعة والتوقيع",
      sms: "تذكير من {tenant}: «{title}» بانتظار توقيعك: {link} أرسل STOP لإيقاف الرسائل.",
    },
    "signing.delegated": {
      subject: "أحال إليك {from} «{title}» للتوقيع",
      heading: "أُحيل إليك طلب توقيع",
      lines: ["مرحبًا {name}،", "أحال إليك {from} دوره في «{title}» من {tenant}. يُرجى مراجعته وتوقيعه إلكترونيًا."],
      action: "المراجعة والتوقيع",
      sms: "أحال إليك {from} «{title}» من {tenant} للتوقيع: {link}",
    },
    "signing.code": {
      subject: "رمزك لتوقيع «{title}»",
      heading: "رمزك لمرة واحدة",
      lines: [
        "مرحبًا {name}،",
        "رمزك لتوقيع «{title}» لدى {tenant} هو {code}.",
        "تنتهي صلاحيته خلال {minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}. لا تشاركه مع أي أحد.",
      ],
      sms: "{code} هو رمزك لتوقيع «{title}» لدى {tenant}. تنتهي صلاحيته خلال {minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}.",
    },
    "signing.completed": {
      subject: "اكتمل: «{title}»",
      heading: "وقّع الجميع",
      lines: ["مرحبًا {name}،", "وقّع الجميع «{title}» لدى {tenant}. نزّل ملف PDF المختوم من رابطك خلال الأيام الثلاثين القادمة."],
      action: "تنزيل المستند الموقّع",
      sms: "وقّع الجميع «{title}» لدى {tenant}. نزّله من هنا: {link}",
    },
    "dashboard.sign_in": {
      subject: "تسجيل الدخول إلى {tenant}",
      heading: "رابط تسجيل الدخول",
      lines: ["مرحبًا {name}،", "استخدم هذا الرابط لتسجيل الدخول إلى لوحة تحكم {tenant}. يعمل مرة واحدة خلال 15 دقيقة.", "إذا لم تطلبه، فتجاهل هذا البريد."],
      action: "تسجيل الدخول",
      sms: "تسجيل الدخول إلى {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "أكّد بريدك الإلكتروني لإنشاء {business}",
      heading: "أكّد بريدك الإلكتروني",
      lines: [
        "مرحبًا،",
        "طلب أحدهم، ونأمل أن تكون أنت، إنشاء الحساب {business} على Edge Sign بعنوان البريد هذا.",
        "اتبع الرابط للتأكيد: يُنشأ الحساب وتُسجَّل دخولك. يعمل الرابط مرة واحدة خلال 24 ساعة.",
        "إذا لم تطلب ذلك، فتجاهل هذا البريد: لن يُنشأ أي شيء.",
      ],
      action: "إنشاء حسابي",
      sms: "أكّد بريدك لإنشاء {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "لديك حساب بالفعل",
      heading: "لديك حساب بالفعل",
      lines: [
        "مرحبًا،",
        "طلب أحدهم، ونأمل أن تكون أنت، إنشاء حساب على Edge Sign بعنوان البريد هذا، وهو ينتمي بالفعل إلى حساب.",
        "سجّل الدخول بدلًا من ذلك؛ وإذا نسيت كلمة المرور، فاطلب رابط تسجيل دخول من صفحة تسجيل الدخول.",
        "إذا لم تطلب ذلك، فتجاهل هذا البريد.",
      ],
      action: "تسجيل الدخول",
      sms: "لديك حساب بالفعل: سجّل الدخول من {link}",
    },
    "member.invitation": {
      subject: "{tenant} يدعوك إلى Edge Sign",
      heading: "لديك دعوة",
      lines: [
        "مرحبًا،",
        "يدعوك {tenant} للانضمام إلى حسابه على Edge Sign.",
        "اتبع الرابط لاختيار اسمك وكلمة المرور: ستكون بعدها مسجّل الدخول. يعمل الرابط مرة واحدة خلال 7 أيام.",
        "إن لم تكن تتوقع ذلك، فتجاهل هذه الرسالة.",
      ],
      action: "قبول الدعوة",
      sms: "{tenant} يدعوك إلى Edge Sign: {link}",
    },
  },
};
