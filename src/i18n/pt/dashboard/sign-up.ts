/** Sign-up and first-run words in Portuguese; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Criar uma conta",
  signUpIntro: "Uma conta no plano gratuito, com você como proprietário. Enviamos um link para confirmar o seu e-mail: a conta é criada quando você o segue.",
  businessName: "Nome da empresa",
  passwordHint: "De 12 a 200 caracteres. Uma frase de várias palavras é longa o suficiente e fácil de digitar.",
  createAccount: "Criar conta",
  checkEmailTitle: "Verifique o seu e-mail",
  checkEmailText: "Enviamos um link para {email}. Siga-o em até 24 horas para criar a sua conta; nada é criado antes.",
  confirmTitle: "Crie a sua conta",
  confirmText: "Este link cria a sua conta e inicia a sua sessão. Funciona uma vez.",
  confirmButton: "Criar a minha conta",
  signUpLinkDead: "Este link não funciona: já foi usado ou expirou (um link dura 24 horas). Cadastre-se novamente.",
  haveAccount: "Já tem uma conta? Entre",
  createAccountLink: "Criar uma conta",
  firstRunTitle: "Configurar a primeira conta",
  firstRunIntro: "Esta implantação ainda não tem nenhuma conta. Crie a primeira e o seu proprietário; o token de operador prova que você opera a implantação.",
  operatorToken: "Token de operador",
  operatorTokenHint: "O segredo OPERATOR_TOKEN desta implantação.",
  firstRunButton: "Criar a primeira conta",
  firstRunLink: "Ainda sem conta? Configure a primeira",
  signUpTooMany: "Cadastros demais a partir daqui. Tente novamente em {minutes} minutos.",
  wrongOperatorToken: "Este não é o token de operador.",
};
