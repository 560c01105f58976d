/** A TCP port free on 127.0.0.1 right now (the system picks it), for a local service a test, bench or script starts. */
import { createServer } from "node:net";

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}
