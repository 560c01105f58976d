/** The dashboard's retention policy and a document's redaction form (docs/retention.md). */
import type { Catalogue } from "./index";

const en = {
  rt_intro:
    "How long documents keep their signers' personal data. After that the service redacts them: names, email addresses, phone numbers, addresses, answers, signatures and the sealed files are erased; the fingerprints, the verification code and the trail's dates stay, so a signed copy can still be verified. Leave a box empty to keep personal data forever.",
  rt_completed_days: "Completed documents: days after completion",
  rt_ended_days: "Drafts, declined, voided and expired documents: days after they ended",
  rt_minimum_days: "Erasure requests keep completed documents for at least (days after completion)",
  rt_save: "Save retention",
  rt_redact: "Redact",
  rt_redact_intro:
    "Erases the signers' personal data and deletes the sealed files for good. The fingerprints and the verification code stay, so a copy held elsewhere can still be verified. This cannot be undone.",
  rt_redact_reason: "Reason (kept on the trail; do not name the person)",
  rt_redact_submit: "Redact this document",
};

export const retention: Catalogue<typeof en> = {
  en,
  es: {
    rt_intro:
      "Cuánto tiempo conservan los documentos los datos personales de sus firmantes. Pasado ese plazo, el servicio los anonimiza: se borran los nombres, las direcciones de correo, los teléfonos, las direcciones, las respuestas, las firmas y los archivos sellados; se conservan las huellas, el código de verificación y las fechas del registro, de modo que una copia firmada todavía puede verificarse. Deje una casilla vacía para conservar los datos personales indefinidamente.",
    rt_completed_days: "Documentos completados: días después de completarse",
    rt_ended_days: "Borradores y documentos rechazados, anulados o caducados: días después de finalizar",
    rt_minimum_days: "Ante una solicitud de supresión, los documentos completados se conservan al menos (días después de completarse)",
    rt_save: "Guardar plazos de conservación",
    rt_redact: "Anonimizar",
    rt_redact_intro:
      "Borra los datos personales de los firmantes y elimina definitivamente los archivos sellados. Las huellas y el código de verificación se conservan, de modo que una copia guardada en otro lugar todavía puede verificarse. Esta acción no se puede deshacer.",
    rt_redact_reason: "Motivo (queda en el registro; no nombre a la persona)",
    rt_redact_submit: "Anonimizar este documento",
  },
  fr: {
    rt_intro:
      "Durée pendant laquelle les documents conservent les données personnelles de leurs signataires. Passé ce délai, le service les anonymise : noms, adresses e-mail, numéros de téléphone, adresses postales, réponses, signatures et fichiers scellés sont effacés ; les empreintes, le code de vérification et les dates du journal sont conservés, pour qu’une copie signée puisse toujours être vérifiée. Laissez une case vide pour conserver les données personnelles sans limite.",
    rt_completed_days: "Documents terminés : jours après leur achèvement",
    rt_ended_days: "Brouillons et documents refusés, annulés ou expirés : jours après leur fin",
    rt_minimum_days: "En cas de demande d’effacement, les documents terminés sont conservés au moins (jours après leur achèvement)",
    rt_save: "Enregistrer les durées de conservation",
    rt_redact: "Anonymiser",
    rt_redact_intro:
      "Efface les données personnelles des signataires et supprime définitivement les fichiers scellés. Les empreintes et le code de vérification sont conservés, pour qu’une copie détenue ailleurs puisse toujours être vérifiée. Cette action est irréversible.",
    rt_redact_reason: "Motif (conservé dans le journal ; ne nommez pas la personne)",
    rt_redact_submit: "Anonymiser ce document",
  },
  de: {
    rt_intro:
      "Wie lange Dokumente die personenbezogenen Daten ihrer Unterzeichnenden behalten. Danach anonymisiert der Dienst sie: Namen, E-Mail-Adressen, Telefonnummern, Anschriften, Antworten, Unterschriften und die versiegelten Dateien werden gelöscht; die Fingerabdrücke, der Prüfcode und die Zeitpunkte im Protokoll bleiben erhalten, sodass eine unterschriebene Kopie weiterhin geprüft werden kann. Lassen Sie ein Feld leer, um personenbezogene Daten unbegrenzt aufzubewahren.",
    rt_completed_days: "Abgeschlossene Dokumente: Tage nach dem Abschluss",
    rt_ended_days: "Entwürfe sowie abgelehnte, stornierte und abgelaufene Dokumente: Tage nach ihrem Ende",
    rt_minimum_days: "Bei Löschanträgen werden abgeschlossene Dokumente mindestens so lange aufbewahrt (Tage nach dem Abschluss)",
    rt_save: "Aufbewahrung speichern",
    rt_redact: "Anonymisieren",
    rt_redact_intro:
      "Löscht die personenbezogenen Daten der Unterzeichnenden und entfernt die versiegelten Dateien endgültig. Die Fingerabdrücke und der Prüfcode bleiben erhalten, sodass eine anderswo aufbewahrte Kopie weiterhin geprüft werden kann. Dies lässt sich nicht rückgängig machen.",
    rt_redact_reason: "Grund (bleibt im Protokoll; nennen Sie die Person nicht)",
    rt_redact_submit: "Dieses Dokument anonymisieren",
  },
  pt: {
    rt_intro:
      "Por quanto tempo os documentos mantêm os dados pessoais dos signatários. Depois desse prazo, o serviço os anonimiza: nomes, endereços de e-mail, telefones, endereços, respostas, assinaturas e os arquivos selados são apagados; as impressões digitais, o código de verificação e as datas do histórico permanecem, para que uma cópia assinada ainda possa ser verificada. Deixe um campo vazio para manter os dados pessoais para sempre.",
    rt_completed_days: "Documentos concluídos: dias após a conclusão",
    rt_ended_days: "Rascunhos e documentos recusados, anulados ou expirados: dias após o encerramento",
    rt_minimum_days: "Pedidos de exclusão mantêm os documentos concluídos por pelo menos (dias após a conclusão)",
    rt_save: "Salvar retenção",
    rt_redact: "Anonimizar",
    rt_redact_intro:
      "Apaga os dados pessoais dos signatários e exclui definitivamente os arquivos selados. As impressões digitais e o código de verificação permanecem, para que uma cópia guardada em outro lugar ainda possa ser verificada. Esta ação não pode ser desfeita.",
    rt_redact_reason: "Motivo (fica no histórico; não cite o nome da pessoa)",
    rt_redact_submit: "Anonimizar este documento",
  },
  it: {
    rt_intro:
      "Per quanto tempo i documenti conservano i dati personali dei firmatari. Trascorso questo periodo, il servizio li anonimizza: nomi, indirizzi email, numeri di telefono, indirizzi, risposte, firme e file sigillati vengono cancellati; le impronte, il codice di verifica e le date del registro restano, così una copia firmata può ancora essere verificata. Lascia un campo vuoto per conservare i dati personali per sempre.",
    rt_completed_days: "Documenti completati: giorni dopo il completamento",
    rt_ended_days: "Bozze e documenti rifiutati, annullati o scaduti: giorni dopo la loro conclusione",
    rt_minimum_days: "Con una richiesta di cancellazione, i documenti completati restano conservati almeno (giorni dopo il completamento)",
    rt_save: "Salva conservazione",
    rt_redact: "Anonimizza",
    rt_redact_intro:
      "Cancella i dati personali dei firmatari ed elimina definitivamente i file sigillati. Le impronte e il codice di verifica restano, così una copia conservata altrove può ancora essere verificata. L’operazione è irreversibile.",
    rt_redact_reason: "Motivo (resta nel registro; non indicare il nome della persona)",
    rt_redact_submit: "Anonimizza questo documento",
  },
  ar: {
    rt_intro:
      "المدة التي تحتفظ فيها المستندات بالبيانات الشخصية لموقّعيها. بعد ذلك تمحو الخدمة هذه البيانات: تُمحى الأسماء وعناوين البريد الإلكتروني وأرقام الهواتف والعناوين والإجابات والتواقيع والملفات المختومة، وتبقى البصمات ورمز التحقق وتواريخ السجل، ليظل التحقق من النسخة الموقّعة ممكنًا. اترك الحقل فارغًا للاحتفاظ بالبيانات الشخصية دون حد.",
    rt_completed_days: "المستندات المكتملة: عدد الأيام بعد اكتمالها",
    rt_ended_days: "المسودات والمستندات المرفوضة والملغاة والمنتهية الصلاحية: عدد الأيام بعد انتهائها",
    rt_minimum_days: "عند طلب المحو، تُحفظ المستندات المكتملة مدة لا تقل عن (أيام بعد اكتمالها)",
    rt_save: "حفظ إعدادات الاحتفاظ",
    rt_redact: "محو البيانات الشخصية",
    rt_redact_intro:
      "يمحو البيانات الشخصية للموقّعين ويحذف الملفات المختومة نهائيًا. تبقى البصمات ورمز التحقق، ليظل التحقق من أي نسخة محفوظة في مكان آخر ممكنًا. لا يمكن التراجع عن ذلك.",
    rt_redact_reason: "السبب (يُحفظ في السجل؛ لا تذكر اسم الشخص)",
    rt_redact_submit: "محو البيانات الشخصية من هذا المستند",
  },
  he: {
    rt_intro:
      "כמה זמן המסמכים שומרים את המידע האישי של החותמים. לאחר מכן השירות מבצע בהם התממה: שמות, כתובות אימייל, מספרי טלפון, כתובות, תשובות, חתימות והקבצים החתומים נמחקים; טביעות האצבע, קוד האימות והתאריכים ביומן נשארים, כך שעדיין אפשר לאמת עותק חתום. כדי לשמור את המידע האישי לצמיתות, יש להשאיר את השדה ריק.",
    rt_completed_days: "מסמכים שהושלמו: ימים לאחר ההשלמה",
    rt_ended_days: "טיוטות ומסמכים שנדחו, בוטלו או שפג תוקפם: ימים לאחר סיומם",
    rt_minimum_days: "גם לאחר בקשת מחיקה, מסמכים שהושלמו נשמרים לפחות (ימים לאחר ההשלמה)",
    rt_save: "שמירת ההגדרות",
    rt_redact: "התממה",
    rt_redact_intro:
      "מוחק את המידע האישי של החותמים ומוחק לצמיתות את הקבצים החתומים. טביעות האצבע וקוד האימות נשארים, כך שעדיין אפשר לאמת עותק שנשמר במקום אחר. אי אפשר לבטל את הפעולה.",
    rt_redact_reason: "סיבה (נשמרת ביומן; אין לציין את שם האדם)",
    rt_redact_submit: "התממת המסמך הזה",
  },
};
