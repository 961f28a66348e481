// The language the page writes the game's names in: a selector of the languages the game's
// data give names in (English unless the player chose another), kept for this browser.

import { chooseLanguage, chosenLanguage, el, setNames } from "./common.js";

const LANGUAGE_NAMES = { en: "English", pl: "Polski", de: "Deutsch", fr: "Français", it: "Italiano", es: "Español", la: "Latina" };

/** The name of a language in itself (its code where unknown). */
export function languageName(code) {
  return LANGUAGE_NAMES[code] || code;
}

/** Use the chosen language for ``drawing``'s names; the selector to change it (nothing for
 * a game whose data name nothing), calling ``changed`` after a change. */
export function languageSelect(drawing, changed) {
  const languages = drawing.languages || ["en"];
  let language = chosenLanguage();
  if (!languages.includes(language)) language = languages.includes("en") ? "en" : languages[0];
  setNames((drawing.names || {})[language]);
  document.documentElement.lang = language;
  if (languages.length < 2) return [];
  const select = el("select", { id: "language", "aria-label": "language of the names" },
    ...languages.map((code) => el("option", { value: code, selected: code === language }, languageName(code))));
  select.addEventListener("change", () => {
    chooseLanguage(select.value);
    setNames((drawing.names || {})[select.value]);
    document.documentElement.lang = select.value;
    changed();
  });
  return [el("label", { for: "language", class: "language-label" }, "Names: "), select];
}
