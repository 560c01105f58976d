/** Subjects and packets: imported by API or from a CSV file; items started here. */
import { download } from "../../http/download";
import { type C, type Status, ok, page, refusalOf, route, tr, viewer, who } from "../kit";
import { type CsvImported, importCsv } from "../../domain/subject-csv";
import type { Flash } from "../frame";
import { PacketView, PacketsView } from "./view";
import { type SessionMember, principalOf } from "../../http/session";
import { formFile } from "../../http/forms";
import { getPacket, listPackets, packetOfItemFor, startItem } from "../../domain/packets";
import { invalid } from "../../lib/errors";

async function packetsPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; imported?: CsvImported[] } = {}) {
  const packets = await listPackets(c.env, principalOf(s));
  return page(c, s, tr(c)("nt_packets_title"), PacketsView({ v: viewer(c, s), packets, imported: opts.imported }), opts);
}

/** What a CSV import reads: one subject with a minor and the guardian who signs for them. */
const EXAMPLE_CSV = [
  "external_id,provider,kind,label,starts_on,ends_on,fact:name,ref,full_name,email,phone,is_minor,guardian_ref",
  'BK-1001,bookings,reservation,"Harbour tour, Saturday",2026-12-19,,the Saturday harbour group,p1,Pia Parent,pia@example.com,+4915112345678,no,',
  'BK-1001,bookings,reservation,"Harbour tour, Saturday",2026-12-19,,,k1,Kit Kid,,,yes,p1',
  "",
].join("\r\n");

async function packetPage(c: C, s: SessionMember, id: string, opts: { flash?: Flash; status?: Status } = {}) {
  const packet = await getPacket(c.env, principalOf(s), id);
  return page(c, s, packet.subject.label || packet.subject.external_id, PacketView({ v: viewer(c, s), packet }), opts);
}

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function packetRoutes() {
  route("GET", "/app/packets", "read", (c, s) => packetsPage(c, s));

  route("GET", "/app/packets/import/example.csv", "read", (c) =>
    download(c, EXAMPLE_CSV, { type: "text/csv; charset=utf-8", filename: "subjects-example.csv" }),
  );

  route("POST", "/app/packets/import", "subjects.write", async (c, s) => {
    try {
      const file = await formFile(c, "file");
      if (!file || file.size === 0) throw invalid("file: choose a CSV file to import.");
      const { imported } = await importCsv(c.env, principalOf(s), new Uint8Array(await file.arrayBuffer()));
      const note = tr(c)("nt_imported", { count: imported.length });
      return packetsPage(c, s, { flash: ok(note), imported });
    } catch (err) {
      return packetsPage(c, s, refusalOf(err));
    }
  });

  route("GET", "/app/packets/:id", "read", (c, s) => packetPage(c, s, c.req.param("id")!));

  route("POST", "/app/packets/items/:id/start", "subjects.write", async (c, s) => {
    const p = principalOf(s);
    const itemId = c.req.param("id")!;
    const packetId = await packetOfItemFor(c.env, p, itemId);
    try {
      const started = await startItem(c.env, p, itemId, who(c));
      const to = started.signers.find((x) => x.participant) ?? started.signers[0];
      return packetPage(c, s, packetId, { flash: ok(tr(c)("nt_item_sent", { name: to?.full_name ?? "", email: to?.email ?? "" })) });
    } catch (err) {
      return packetPage(c, s, packetId, refusalOf(err));
    }
  });
}
