/** What each message (email and SMS) says in Portuguese: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Se o botão não funcionar, copie este endereço no seu navegador:",
  automatic: "Esta mensagem foi enviada automaticamente em nome de {tenant}. Responda a este e-mail para falar com eles. Não a encaminhe: o link é pessoal.",
  /** `signing.link` as an approver or a viewer receives it (they neither sign nor are asked to). */
  checkNote: {
    access_code:
      "Antes de o documento abrir, a ligação pede um código de acesso. {tenant} dá-lho em separado (por telefone, por carta ou pessoalmente); nunca vem neste email.",
    id_check:
      "Antes de assinar, {tenant} pede-lhe que verifique a sua identidade: tenha à mão o passaporte, a carta de condução ou o cartão de identidade, e um telemóvel ou computador com câmara para uma selfie.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} pede que você aprove “{title}”",
      heading: "Revise e aprove, por favor",
      lines: ["Olá, {name},", "{tenant} pede a sua aprovação de “{title}” antes de avançar. Aprove-o ou recuse-o indicando o motivo."],
      action: "Revisar e aprovar",
      sms: "{tenant} pede que você aprove “{title}”: {link} Responda STOP para não receber mais.",
    },
    viewer: {
      subject: "{tenant} partilha “{title}” com você para leitura",
      heading: "Leia e confirme, por favor",
      lines: ["Olá, {name},", "{tenant} pede que você leia “{title}” e confirme a leitura. Não é preciso assiná-lo."],
      action: "Ler o documento",
      sms: "{tenant} pede que você leia “{title}”: {link} Responda STOP para não receber mais.",
    },
  },
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
    "signing.delegated": {
      subject: "{from} passou-lhe “{title}” para assinar",
      heading: "Um pedido de assinatura foi-lhe passado",
      lines: ["Olá, {name},", "{from} passou-lhe a sua parte em “{title}” de {tenant}. Revise e assine eletronicamente."],
      action: "Revisar e assinar",
      sms: "{from} passou-lhe “{title}” de {tenant} para assinar: {link}",
    },
    "signing.code": {
      subject: "Seu código para assinar “{title}”",
      heading: "Seu código de uso único",
      lines: [
        "Olá, {name},",
        "Seu código para assinar “{title}” para {tenant} é {code}.",
        "Ele expira em {minutes, plural, one {# minuto} many {# de minutos} other {# minutos}}. Nunca o compartilhe com ninguém.",
      ],
      sms: "{code} é o seu código para assinar “{title}” para {tenant}. Expira em {minutes, plural, one {# minuto} many {# de minutos} other {# minutos}}.",
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
    "account.sign_up": {
      subject: "Confirme o seu e-mail para criar {business}",
      heading: "Confirme o seu e-mail",
      lines: [
        "Olá,",
        "Alguém, esperamos que você, pediu para criar a conta {business} no Edge Sign com este endereço de e-mail.",
        "Siga o link para confirmar: a conta é criada e você entra na sessão. O link funciona uma vez, dentro de 24 horas.",
        "Se não foi você, ignore este e-mail: nada é criado.",
      ],
      action: "Criar a minha conta",
      sms: "Confirme o seu e-mail para criar {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "Você já tem uma conta",
      heading: "Você já tem uma conta",
      lines: [
        "Olá,",
        "Alguém, esperamos que você, pediu para criar uma conta no Edge Sign com este endereço de e-mail, que já pertence a uma conta.",
        "Entre na sua conta; se esqueceu a senha, peça um link de acesso na página de entrada.",
        "Se não foi você, ignore este e-mail.",
      ],
      action: "Entrar",
      sms: "Você já tem uma conta: entre em {link}",
    },
    "member.invitation": {
      subject: "{tenant} convida-o para o Edge Sign",
      heading: "Recebeu um convite",
      lines: [
        "Olá,",
        "{tenant} convida-o a juntar-se à sua conta no Edge Sign.",
        "Siga a ligação para escolher o seu nome e palavra-passe: fica depois com sessão iniciada. A ligação funciona uma vez, durante 7 dias.",
        "Se não estava à espera, ignore este email.",
      ],
      action: "Aceitar o convite",
      sms: "{tenant} convida-o para o Edge Sign: {link}",
    },
  },
};
