// The Trade-in Enquiry lead (docs/requirements/dealer-services.md#data, #states step 7): POST /api/leads with form 'trade-in' and context.evalid. The
// valuation fields come from the stored evaluation of this site (never the browser's copy), the details step is
// checked with the wizard's own rules, photos become signed links for staff, and sms_content / sms_from come from
// the site's settings.
import type { LeadEnricher } from '../leads/service';
import {
  adjustmentAnswers,
  offerValidUntil,
  smsContent,
  smsFrom,
  tradeInDetailsErrors,
  TRADE_IN_MESSAGES as M,
  type TradeInValuationFields,
} from '../domain/trade-in';
import type { ImageLinkSigner } from './image-links';
import type { EvaluationStore } from './store';
import { resolvedSettings } from '../domain/settings';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function tradeInLeadEnricher(deps: { store: () => EvaluationStore | undefined; signer: () => ImageLinkSigner | undefined }): LeadEnricher {
  return async ({ tenant, form, values, context, meta }) => {
    if (form !== 'trade-in' || context.evalid === undefined) return null;
    const store = deps.store();
    const signer = deps.signer();
    const evalid = typeof context.evalid === 'string' && UUID.test(context.evalid) ? context.evalid : null;
    const evaluation = evalid && store ? await store.get(tenant.slug, evalid) : undefined;
    if (!evaluation || !signer || !store) return { refused: { status: 422, message: M.unknownEvaluation } };

    const details = { ...values, comments: values.message };
    const errors = tradeInDetailsErrors(details);
    if (errors) {
      const { comments, ...rest } = errors;
      return { errors: comments ? { ...rest, message: comments } : rest };
    }
    const images = await store.images(tenant.slug, evaluation.evalId);
    const origin = meta.origin ?? '';
    const settings = resolvedSettings(tenant.settings).tradeIn;
    const name = str(values.name);
    const valuation: TradeInValuationFields = {
      evalid: evaluation.evalId,
      rego: evaluation.rego,
      state: evaluation.state,
      regoState: evaluation.state.toUpperCase(),
      manualEntry: evaluation.manualEntry,
      images: images.map((i) => `${origin}${signer.path(tenant.slug, i.id)}`),
      postcode: str(values.postcode),
      odometer: evaluation.km ?? (values.odometer as number),
      service_history: str(values.service_history),
      number_of_keys: str(values.number_of_keys),
      car_condition: str(values.car_condition),
      adjustment_answers: adjustmentAnswers(values),
      comments: str(values.message),
      offer_price: evaluation.offerPrice,
      offer_valid_until: evaluation.offerPrice && evaluation.offeredAt ? offerValidUntil(new Date(evaluation.offeredAt)).toISOString().slice(0, 10) : null,
      offer_accepted: false,
      form_completed: true,
      PreferredContactMethod: str(values.PreferredContactMethod) || 'Phone',
      finance: str(values.finance),
      vehicle: { ...evaluation.vehicle, EvalID: evaluation.evalId },
    };
    return {
      fields: {
        Rego: evaluation.rego,
        valuation,
        sms_content: smsContent(settings.smsContent, name),
        sms_from: smsFrom(settings.smsFrom, tenant.name),
      },
      stored: (leadId) => store.linkLead(tenant.slug, evaluation.evalId, leadId),
    };
  };
}
