/**
 * A file of the Worker's static assets that the Worker itself reads (a language's catalogue, the
 * PDF font), through the `ASSETS` binding. scripts/assets.mjs puts each there when the Worker is
 * built or started; one that is not there is a fault of the deployment, said naming the file.
 * Files the routes hand out to clients go through src/http/static-asset.ts (`serveAsset`) instead.
 */
export async function readAsset(assets: Fetcher, file: string, what: string): Promise<Response> {
  const res = await assets.fetch(new Request(`https://assets.invalid/${file}`));
  if (res.status !== 200) {
    await res.body?.cancel();
    throw new Error(`${what} is missing from the static assets (ASSETS answered ${res.status} for ${file}; scripts/assets.mjs puts it there)`);
  }
  return res;
}
