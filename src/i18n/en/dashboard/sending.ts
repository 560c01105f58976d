/** The dashboard's sending steps: choosing a template, values and signers, the links shown once. */
export const sending = {
  sd_no_template: "No published template yet.",
  sd_write_first: "Write and publish a template first.",
  sd_continue: "Continue",
  sd_from: "From {name} ({code}, version {version}).",
  sd_other: "Choose another template",
  sd_title: "Title (optional)",
  sd_values: "Values merged into the text",
  sd_add_signer: "Add a signer",
  sd_signers_max: "At most {n} signers.",
  sd_sequential: "Signers sign one after another, in this order",
  sd_sent: "Sent",
  sd_links_once: "Each signer's link is shown once, here. Give each signer their own link.",
  sd_open: "Open the document and its trail",
  sd_doc_sent: "Document sent",
  sd_not_sent: "Not sent",
};
