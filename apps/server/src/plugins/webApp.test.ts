import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, registerWebApp } from './webApp.js';

describe('the console page', () => {
  it("carries a CSP allowing only the app's scripts and its own inline script, by hash", async () => {
    const root = mkdtempSync(join(tmpdir(), 'vigia-web-'));
    const html =
      '<!doctype html><script>window.x=1</script><script type="module" src="./a.js"></script>';
    writeFileSync(join(root, 'index.html'), html);
    const app = Fastify();
    await registerWebApp(app, root);
    const page = await app.inject({ method: 'GET', url: '/' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' '${inlineScriptHashes(html)[0]}'`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
    await app.close();
  });
});
