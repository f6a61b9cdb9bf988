// Templates, for platform admins only (staff get 403):
//   GET  /api/templates                    each template with the values its own file locks
//   POST /api/templates/:name/publish      {"values": [{"lock": 0, "value": …}]}: new locked values; the answer lists the
//                                          tenants the change reached (422 with the list when one would break)
import type { Router } from 'express';
import type { EditorApi } from './context';

export function templatesRoutes(router: Router, api: EditorApi): void {
  const { options, json, signedIn, admin, log } = api;
  const { documents } = options;

  router.get('/api/templates', signedIn, admin, (_req, res) => {
    res.json({ templates: documents.templates() });
  });

  router.post('/api/templates/:name/publish', signedIn, admin, json, async (req, res) => {
    const name = String(req.params.name);
    const account = req.editorAccount!;
    const result = await documents.publishTemplate(name, req.body?.values, { email: account.email, name: account.name });
    if (!result.ok) return res.status(result.status).json({ error: result.error, ...(result.report ? { report: result.report } : {}) });
    const reached = result.report.map((r) => r.slug);
    log(`editor: ${account.email} published the ${name} template; it changed ${reached.join(', ') || 'no tenant'}`);
    // Each site it reached records it in its audit log, like any other publish: who, which template, which sites.
    const unrecorded: string[] = [];
    for (const r of result.report) {
      try {
        await options.staffStore?.recordAudit({
          tenant: r.slug,
          at: Date.parse(r.revision?.at ?? '') || Date.now(),
          email: account.email,
          name: account.name,
          action: 'template published',
          rev: r.revision?.rev ?? 0,
          restoredFrom: null,
          published: true,
          template: name,
          reached,
        });
      } catch (e) {
        log(`editor: could not record the ${name} template publish in the audit log of ${r.slug}`, e);
        unrecorded.push(r.slug);
      }
    }
    const report = result.report.map(({ revision: _revision, ...r }) => r);
    if (unrecorded.length)
      return res.status(503).json({
        error: `The ${name} template was published, but the audit log of ${unrecorded.join(', ')} could not record it. Please tell a platform admin.`,
        report,
      });
    res.json({ report });
  });
}
