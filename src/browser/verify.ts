/**
 * The verification page (src/pages/verify.tsx): the chosen or dropped file is hashed here
 * (WebCrypto) and only the fingerprint is submitted; the file input has no name, so the file
 * itself is never sent. Loads the offline check (src/browser/offline.ts) when the page offers it.
 */
import { byId, firstFile } from "./dom";

function start(): void {
  const d = document;
  const form = byId<HTMLFormElement>("file-form");
  // A URL the Worker serves (src/browser/offline.ts), loaded as it is: a name, so it is never bundled.
  const offline = "/verify/offline.js";
  if (byId("offline-drop")) import(offline);
  if (!form || !window.crypto || !crypto.subtle) return;
  const input = byId<HTMLInputElement>("file")!;
  const zone = byId("drop")!;
  const hash = byId<HTMLInputElement>("sha256")!;
  const say = byId("file-status")!;
  zone.hidden = false;
  function check(file: File | undefined): void {
    if (!file) return;
    say.textContent = say.getAttribute("data-working");
    file
      .arrayBuffer()
      .then((buf) => crypto.subtle.digest("SHA-256", buf))
      .then((h) => {
        hash.value = Array.from(new Uint8Array(h), (x) => (x < 16 ? "0" : "") + x.toString(16)).join("");
        form!.submit();
      });
  }
  input.addEventListener("change", () => check(firstFile(input.files)));
  d.addEventListener("dragover", (e) => {
    e.preventDefault();
    zone.classList.add("over");
  });
  d.addEventListener("dragleave", (e) => {
    if (!e.relatedTarget) zone.classList.remove("over");
  });
  d.addEventListener("drop", (e) => {
    e.preventDefault();
    zone.classList.remove("over");
    if (e.dataTransfer?.files.length) check(e.dataTransfer.files[0]);
  });
}

start();
