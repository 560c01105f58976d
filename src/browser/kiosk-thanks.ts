/** The tablet's thank-you screen (src/pages/kiosk.tsx): back to the empty form after 30 seconds, so a walk-away leaves nothing on screen. */
export {};

const to = document.body.getAttribute("data-next");
if (to) setTimeout(() => location.replace(to), 30000);
