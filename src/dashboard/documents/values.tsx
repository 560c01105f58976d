/** @jsxImportSource hono/jsx */
/**
 * A template's values as a form asks them: one input per declared variable, labelled in words
 * with the `{{name}}` it fills, and `valuesOf`, which reads them back. Sending a document from a
 * template and each document of an envelope ask them the same way, under their own name prefix.
 */
import type { DashT } from "../../i18n";

type Form = Record<string, string | undefined>;

/** A variable's name in words for its label: `client_name` or `clientName` → "Client name". */
export function inWords(name: string) {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** The posted values under `prefix` (`value.` for a document, `doc.<i>.value.` for an envelope's document i). */
export const valuesOf = (f: Form, prefix: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(f)
      .filter((e): e is [string, string] => e[0].startsWith(prefix) && typeof e[1] === "string")
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );

/** The values fieldset (nothing for a template without variables); inputs named `<prefix><variable>`, ids `<idPrefix><variable>`. */
export function TemplateValues(p: { t: DashT; variables: string[]; f: Form; prefix: string; idPrefix: string }) {
  if (!p.variables.length) return null;
  return (
    <fieldset>
      <legend>{p.t("sd_values")}</legend>
      {p.variables.map((name) => (
        <>
          <label for={`${p.idPrefix}${name}`}>{inWords(name)}</label>
          <input
            id={`${p.idPrefix}${name}`}
            name={`${p.prefix}${name}`}
            required
            value={p.f[`${p.prefix}${name}`] ?? ""}
            aria-describedby={`${p.idPrefix}${name}-code`}
          />
          <span class="hint mono" id={`${p.idPrefix}${name}-code`}>{`{{${name}}}`}</span>
        </>
      ))}
    </fieldset>
  );
}
