/**
 * Message wording in Portuguese, Italian, Arabic and Hebrew, in the format of message-wording.ts
 * (same purposes, same `{placeholders}`; test/i18n-catalogue.test.ts checks both).
 */
import type { Phrases } from "./message-wording";

export const MORE_WORDING: Record<"pt" | "it" | "ar" | "he", Phrases> = {
  pt: {
    copyAddress: "Se o botão não funcionar, copie este endereço no seu navegador:",
    automatic: "Esta mensagem foi enviada automaticamente em nome de {tenant}. Responda a este e-mail para falar com eles. Não a encaminhe: o link é pessoal.",
    purposes: {
      "signing.link": {
        subject: "{tenant} pede que você assine “{title}”",
        heading: "Revise e assine, por favor",
        lines: ["Olá, {name},", "{tenant} enviou “{title}” para você revisar e assinar eletronicamente."],
        action: "Revisar e assinar",
        sms: "{tenant} pede que você assine “{title}”: {link} Responda STOP para não receber mais.",
      },
      "signing.reminder": {
        subject: "Lembrete: “{title}” aguarda a sua assinatura",
        heading: "Um lembrete para assinar",
        lines: ["Olá, {name},", "{tenant} ainda aguarda a sua assinatura em “{title}”. O link anterior não funciona mais; use este."],
        action: "Revisar e assinar",
        sms: "Lembrete de {tenant}: “{title}” aguarda a sua assinatura: {link} Responda STOP para não receber mais.",
      },
      "signing.code": {
        subject: "Seu código para assinar “{title}”",
        heading: "Seu código de uso único",
        lines: [
          "Olá, {name},",
          "Seu código para assinar “{title}” para {tenant} é {code}.",
          "Ele expira em {minutes} minutos. Nunca o compartilhe com ninguém.",
        ],
        sms: "{code} é o seu código para assinar “{title}” para {tenant}. Expira em {minutes} minutos.",
      },
      "signing.completed": {
        subject: "Concluído: “{title}”",
        heading: "Todos assinaram",
        lines: ["Olá, {name},", "Todos assinaram “{title}” para {tenant}. Baixe o PDF selado pelo seu link nos próximos 30 dias."],
        action: "Baixar o documento assinado",
        sms: "Todos assinaram “{title}” para {tenant}. Baixe-o: {link}",
      },
      "dashboard.sign_in": {
        subject: "Entrar em {tenant}",
        heading: "Seu link de acesso",
        lines: [
          "Olá, {name},",
          "Use este link para entrar no painel de {tenant}. Ele funciona uma vez, dentro de 15 minutos.",
          "Se você não o pediu, ignore este e-mail.",
        ],
        action: "Entrar",
        sms: "Entrar em {tenant}: {link}",
      },
    },
  },
  it: {
    copyAddress: "Se il pulsante non funziona, copi questo indirizzo nel Suo browser:",
    automatic:
      "Questo messaggio è stato inviato automaticamente per conto di {tenant}. Risponda a questa email per contattarli. Non la inoltri: il link è personale.",
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
      "signing.code": {
        subject: "Il Suo codice per firmare “{title}”",
        heading: "Il Suo codice monouso",
        lines: [
          "Gentile {name},",
          "Il Suo codice per firmare “{title}” per {tenant} è {code}.",
          "Scade tra {minutes} minuti. Non lo condivida mai con nessuno.",
        ],
        sms: "{code} è il Suo codice per firmare “{title}” per {tenant}. Scade tra {minutes} minuti.",
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
    },
  },
  ar: {
    copyAddress: "إذا لم يعمل الزر، فانسخ هذا العنوان في متصفحك:",
    automatic: "أُرسلت هذه الرسالة تلقائيًا نيابةً عن {tenant}. ردّ على هذا البريد للتواصل معهم. لا تُعِد توجيهها: الرابط شخصي.",
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
      "signing.code": {
        subject: "رمزك لتوقيع «{title}»",
        heading: "رمزك لمرة واحدة",
        lines: ["مرحبًا {name}،", "رمزك لتوقيع «{title}» لدى {tenant} هو {code}.", "تنتهي صلاحيته خلال {minutes} دقيقة. لا تشاركه مع أي أحد."],
        sms: "{code} هو رمزك لتوقيع «{title}» لدى {tenant}. تنتهي صلاحيته خلال {minutes} دقيقة.",
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
    },
  },
  he: {
    copyAddress: "אם הכפתור אינו פועל, יש להעתיק את הכתובת הזו לדפדפן:",
    automatic: "הודעה זו נשלחה אוטומטית בשם {tenant}. אפשר להשיב לדוא״ל הזה כדי לפנות אליהם. אין להעביר אותה הלאה: הקישור אישי.",
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
      "signing.code": {
        subject: "הקוד שלך לחתימה על „{title}”",
        heading: "הקוד החד-פעמי שלך",
        lines: ["שלום {name},", "הקוד שלך לחתימה על „{title}” עבור {tenant} הוא {code}.", "תוקפו יפוג בעוד {minutes} דקות. אין למסור אותו לאף אחד."],
        sms: "{code} הוא הקוד שלך לחתימה על „{title}” עבור {tenant}. תוקפו יפוג בעוד {minutes} דקות.",
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
    },
  },
};
