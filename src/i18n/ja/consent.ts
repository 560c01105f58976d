/** Translations of `consent/1` and `intent/1` in Japanese; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "私は、この文書を受け取り、電子的に署名することに同意します。私の電子署名が手書きの署名と同じ効力を持つこと、紙の写しを求めることができること、および署名する前であれば代わりに辞退することによってこの同意を撤回できることを理解しています。",
  intent:
    "署名することにより、私はこの署名を自らのものとして採用し、下記のフィンガープリントで識別される、表示されたとおりのこの文書に署名する意思を表明します。",
};
