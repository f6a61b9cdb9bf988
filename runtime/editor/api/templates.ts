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
    const result = await documents.publishTemplate(name, req.body?.values);
    if (!result.ok) return res.status(result.status).json({ error: result.error, ...(result.report ? { report: result.report } : {}) });
    log(`editor: ${req.editorAccount!.email} published the ${name} template; it changed ${result.report.map((r) => r.slug).join(', ') || 'no tenant'}`);
    res.json({ report: result.report });
  });
}
