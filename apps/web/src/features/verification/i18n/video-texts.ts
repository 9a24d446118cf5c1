import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

/** The video step's texts (its own namespace, next to the hub's). */
const en = {
  title: "Video check",
  done: "Your video check is done.",
  attemptsLeft: "Tries left: {{count}} of 3",
  noAttempts: "You have used all your video tries. Contact support to go on.",
  mode: {
    ENROL:
      "Record a short video of your face, turning your head slowly left and right. It becomes the face we compare your identity document with.",
    VERIFY:
      "Record a short video of your face, turning your head slowly left and right. We compare it with the selfie of your verified identity document.",
  },
  choose: "Choose the video (MP4, MOV or WebM, up to 50 MB)",
  send: "Send the video",
  uploading: "Uploading… {{percent}} %",
  errors: {
    tooLarge: "The video is larger than 50 MB.",
    notVideo: "This file is not an MP4, MOV or WebM video.",
  },
};
type VideoTexts = typeof en;
const fr: VideoTexts = {
  title: "Vérification vidéo",
  done: "Votre vérification vidéo est faite.",
  attemptsLeft: "Essais restants : {{count}} sur 3",
  noAttempts: "Vous avez utilisé tous vos essais vidéo. Contactez le support pour continuer.",
  mode: {
    ENROL:
      "Filmez votre visage quelques secondes en tournant lentement la tête à gauche puis à droite. Cette vidéo servira de référence pour votre pièce d’identité.",
    VERIFY:
      "Filmez votre visage quelques secondes en tournant lentement la tête à gauche puis à droite. Nous la comparons au selfie de votre pièce d’identité vérifiée.",
  },
  choose: "Choisissez la vidéo (MP4, MOV ou WebM, 50 Mo au plus)",
  send: "Envoyer la vidéo",
  uploading: "Envoi… {{percent}} %",
  errors: {
    tooLarge: "La vidéo dépasse 50 Mo.",
    notVideo: "Ce fichier n’est pas une vidéo MP4, MOV ou WebM.",
  },
};
const texts: FeatureTexts<VideoTexts> = { en, fr };

export function useVideoTexts() {
  return useFeatureTexts("verification-video", texts);
}
