/** The dashboard's webhooks words in Ukrainian; keys and placeholders as in ../../en/dashboard/webhooks.ts. */
import type { Catalogue } from "../../catalogue";
import type { webhooks as en } from "../../en/dashboard/webhooks";

export const webhooks: Catalogue<typeof en> = {
  wh_endpoints: "Кінцеві точки вебхуків",
  wh_url: "URL",
  wh_events: "Події",
  wh_waiting: "Очікують",
  wh_dead: "Невдалі",
  wh_none_test: "У тестовому режимі немає кінцевих точок.",
  wh_none_live: "У робочому режимі немає кінцевих точок.",
  wh_paused_at: "призупинено {when}",
  wh_active: "активна",
  wh_inactive: "неактивна",
  wh_add: "Додати кінцеву точку",
  wh_url_https: "URL (https)",
  wh_label_optional: "Мітка (необов’язково)",
  wh_every: "Усі події",
  wh_add_button: "Додати кінцеву точку",
  wh_paused_after:
    "{count, plural, one {призупиняється після # невдачі} few {призупиняється після # невдач} many {призупиняється після # невдач} other {призупиняється після # невдачі}}",
  wh_last_delivered: "Остання доставка",
  wh_ping: "Надіслати тестову доставку",
  wh_rotate: "Змінити секрет підпису",
  wh_last50: "Останні 50 доставок",
  wh_deliveries: "Доставки",
  wh_event: "Подія",
  wh_document: "Документ",
  wh_attempts: "Спроби",
  wh_answer: "Відповідь",
  wh_replay: "Повторити",
  wh_replay_aria: "Повторити доставку {id}",
  wh_replayed: "(повтор)",
  wh_no_deliveries: "Доставок ще немає.",
};
