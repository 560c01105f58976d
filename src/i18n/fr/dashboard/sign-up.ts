/** Sign-up and first-run words in French; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Créer un compte",
  signUpIntro:
    "Un compte avec l’offre gratuite, dont vous êtes le propriétaire. Nous vous envoyons un lien pour vérifier votre adresse : le compte est créé quand vous le suivez.",
  businessName: "Nom de l’entreprise",
  passwordHint: "De 12 à 200 caractères. Une phrase de plusieurs mots est assez longue et facile à taper.",
  createAccount: "Créer le compte",
  checkEmailTitle: "Consultez vos e-mails",
  checkEmailText: "Nous avons envoyé un lien à {email}. Suivez-le dans les 24 heures pour créer votre compte ; rien n’est créé avant.",
  confirmTitle: "Créez votre compte",
  confirmText: "Ce lien crée votre compte et vous connecte. Il fonctionne une fois.",
  confirmButton: "Créer mon compte",
  signUpLinkDead: "Ce lien ne fonctionne pas : il a déjà servi ou il a expiré (un lien dure 24 heures). Inscrivez-vous à nouveau.",
  haveAccount: "Vous avez déjà un compte ? Connectez-vous",
  createAccountLink: "Créer un compte",
  firstRunTitle: "Créer le premier compte",
  firstRunIntro: "Ce déploiement n’a encore aucun compte. Créez le premier et son propriétaire ; le jeton d’opérateur prouve que vous gérez le déploiement.",
  operatorToken: "Jeton d’opérateur",
  operatorTokenHint: "Le secret OPERATOR_TOKEN de ce déploiement.",
  firstRunButton: "Créer le premier compte",
  firstRunLink: "Aucun compte encore ? Créez le premier",
  signUpTooMany: "Trop d’inscriptions depuis ici. Réessayez dans {minutes} minutes.",
  wrongOperatorToken: "Ce n’est pas le jeton d’opérateur.",
};
