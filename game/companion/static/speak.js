/* "Read my secret aloud" (issue 31 item 1): the phone's own voice (the Web Speech API)
 * reads this seat's screen — what to do now and what only this seat knows — in the
 * page's language, for a player who can't read yet. Nothing leaves the phone: the text
 * is what the page already shows. The button shows only where the browser can speak.
 */
"use strict";

(function () {
  const button = document.getElementById("speak");
  if (!("speechSynthesis" in window) || !("SpeechSynthesisUtterance" in window)) return;
  button.hidden = false;
  button.addEventListener("click", () => {
    const parts = [document.getElementById("title").textContent];
    for (const row of document.querySelectorAll("#facts li")) parts.push(row.textContent.replace(/\s+/g, " ").trim());
    const utterance = new SpeechSynthesisUtterance(parts.filter(Boolean).join(". "));
    utterance.lang = document.documentElement.lang || "en";
    window.speechSynthesis.cancel();  /* a second tap starts again, never twice at once */
    window.speechSynthesis.speak(utterance);
  });
})();
