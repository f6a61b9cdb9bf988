// The calculator itself (a lazy chunk): inputs within the site's bounds, figures from the domain rules.
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Car } from '../../schemas/generated/car';
import type { FinanceSettings } from '../../schemas/generated/tenant';
import {
  calculate,
  calculatorBounds,
  clampCalculatorInput,
  collapseDisclaimer,
  defaultCalculatorInputs,
  disclaimerText,
  financeLink,
  formatFee,
  onceTracker,
  resolveFinanceSettings,
  type CalculatorInputs,
  type FieldBounds,
  type RepaymentFrequency,
} from '../../runtime/domain/finance';
import { formatMoney, formatNumber } from '../../runtime/domain/format';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { track } from '../../runtime/ui/vehicle/client';

const FREQUENCIES: { value: RepaymentFrequency; label: string }[] = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'fortnightly', label: 'Fortnightly' },
  { value: 'monthly', label: 'Monthly' },
];

type SliderField = 'amount' | 'term' | 'interest' | 'deposit' | 'residual';
const INPUT_KEY: Record<SliderField, keyof CalculatorInputs> = { amount: 'amount', term: 'termYears', interest: 'interestRate', deposit: 'deposit', residual: 'residual' };

function Slider(props: { field: SliderField; label: string; value: number; bounds: FieldBounds; shown: string; disabled?: boolean; note?: ReactNode; onChange: (value: number) => void }) {
  const id = useId();
  const { bounds } = props;
  return (
    <div className={`calc-field calc-${props.field}`}>
      <div className="calc-label-row">
        <label htmlFor={id}>{props.label}</label>
        <output htmlFor={id} className="calc-value">{props.shown}</output>
      </div>
      {bounds.options ? (
        <select id={id} value={props.value} onChange={(e) => props.onChange(Number(e.target.value))}>
          {bounds.options.map((o) => (
            <option key={o} value={o}>{o} years</option>
          ))}
        </select>
      ) : (
        <input id={id} type="range" min={bounds.min} max={bounds.max} step={bounds.step} value={props.value} disabled={props.disabled} onChange={(e) => props.onChange(Number(e.target.value))} />
      )}
      {props.note}
    </div>
  );
}

export default function Calculator({ car, finance, quoteButtonText }: { car: Car; finance: FinanceSettings; quoteButtonText: string }) {
  const settings = useMemo(() => resolveFinanceSettings(finance), [finance]);
  const bounds = useMemo(() => calculatorBounds(finance, car), [finance, car]);
  const [inputs, setInputs] = useState<CalculatorInputs>(() => defaultCalculatorInputs(finance, car));
  const [amountText, setAmountText] = useState(() => String(inputs.amount));
  const [amountMessage, setAmountMessage] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  // seed 001 §4: the first change to term, amount or interest fires event 26, once
  const tracker = useRef(onceTracker((id) => track(id, { car_id: car.id })));
  const result = calculate(inputs, finance);

  const change = (field: SliderField, raw: number) => {
    tracker.current.changed(field);
    const { value } = clampCalculatorInput(field, raw, bounds[field]);
    setInputs((prev) => ({ ...prev, [INPUT_KEY[field]]: value }));
    if (field === 'amount') {
      setAmountText(String(value));
      setAmountMessage(null);
    }
  };

  const typeAmount = (text: string) => {
    setAmountText(text);
    const typed = Number(text.replace(/[^0-9.]/g, ''));
    const checked = clampCalculatorInput('price', typed, bounds.price); // seed 001 §5: message at or beyond bounds
    setAmountMessage(checked.message);
    tracker.current.changed('amount');
    setInputs((prev) => ({ ...prev, amount: clampCalculatorInput('amount', checked.value, bounds.amount).value }));
  };

  const disclaimer = collapseDisclaimer(
    disclaimerText(finance, { termYears: inputs.termYears, price: inputs.amount, deposit: inputs.deposit, residual: inputs.residual }),
    expanded,
    settings.disclaimer.collapsedLength,
  );
  const amountId = useId();
  const years = formatNumber(inputs.termYears, Number.isInteger(inputs.termYears) ? 0 : 1);

  return (
    <div className="calculator">
      <form className="calc-inputs" onSubmit={(e) => e.preventDefault()} aria-label="Loan details">
        <div className="calc-field calc-amount-text">
          <label htmlFor={amountId}>Purchase price</label>
          <div className="money-input">
            <span aria-hidden="true">$</span>
            <input id={amountId} inputMode="numeric" value={amountText} onChange={(e) => typeAmount(e.target.value)} aria-invalid={Boolean(amountMessage)} aria-describedby={amountMessage ? `${amountId}-error` : undefined} />
          </div>
          {amountMessage && (
            <p id={`${amountId}-error`} className="calc-error" role="alert">
              {amountMessage}
            </p>
          )}
        </div>
        <Slider field="amount" label="Loan amount" value={inputs.amount} bounds={bounds.amount} shown={formatMoney(inputs.amount)} onChange={(v) => change('amount', v)} />
        <Slider field="term" label="Loan term" value={inputs.termYears} bounds={bounds.term} shown={`${years} years`} onChange={(v) => change('term', v)} />
        <Slider
          field="interest"
          label="Interest rate"
          value={inputs.interestRate}
          bounds={bounds.interest}
          shown={`${formatNumber(inputs.interestRate, 2)}% p.a.`}
          disabled={settings.calculator.interest.locked}
          note={settings.calculator.interest.locked ? <p className="calc-note">The interest rate is fixed for this offer.</p> : null}
          onChange={(v) => change('interest', v)}
        />
        <Slider field="deposit" label="Deposit / trade-in" value={inputs.deposit} bounds={bounds.deposit} shown={formatMoney(inputs.deposit)} onChange={(v) => change('deposit', v)} />
        <Slider field="residual" label="Residual (balloon)" value={inputs.residual} bounds={bounds.residual} shown={formatMoney(inputs.residual)} onChange={(v) => change('residual', v)} />
        <fieldset className="calc-frequency">
          <legend>Repayment frequency</legend>
          {FREQUENCIES.map((f) => (
            <label key={f.value} className={inputs.frequency === f.value ? 'selected' : undefined}>
              <input type="radio" name="frequency" value={f.value} checked={inputs.frequency === f.value} onChange={() => setInputs((prev) => ({ ...prev, frequency: f.value }))} />
              {f.label}
            </label>
          ))}
        </fieldset>
      </form>

      <div className="calc-results" aria-live="polite">
        <p className="calc-repayment-label">Estimated repayment</p>
        <p className="calc-repayment" data-testid="calc-repayment">
          {result.repayment === null ? (
            result.repaymentText
          ) : (
            <>
              {result.repaymentText}
              <span className="calc-period"> /{result.repaymentLabel}*</span>
            </>
          )}
        </p>
        <dl className="calc-figures">
          <div>
            <dt>Total payable</dt>
            <dd data-testid="calc-total">{result.totalText}</dd>
          </div>
          <div>
            <dt>Amount financed</dt>
            <dd>{formatMoney(result.amountFinanced)}</dd>
          </div>
          {result.fees.shown && result.fees.upfront.length > 0 ? (
            result.fees.upfront.map((fee) => (
              <div key={fee.label}>
                <dt>{fee.label}</dt>
                <dd>{fee.text}</dd>
              </div>
            ))
          ) : (
            <div>
              <dt>Fees</dt>
              <dd data-testid="calc-fees">{formatFee(result.fees.upfrontTotal)}</dd>
            </div>
          )}
          {result.fees.monthly > 0 && (
            <div>
              <dt>Monthly account fee</dt>
              <dd>{formatFee(result.fees.monthly)}</dd>
            </div>
          )}
          <div>
            <dt>Comparison rate*</dt>
            <dd data-testid="calc-comparison">{result.comparisonRateText}</dd>
          </div>
        </dl>
        <SiteLink className="button button-primary calc-quote" href={financeLink(car, finance)}>
          {quoteButtonText}
        </SiteLink>
      </div>

      <div id="financeDisclaimer" className="calc-disclaimer">
        <p>{disclaimer.text}</p>
        {disclaimer.toggleLabel && (
          <button type="button" className="link-button" aria-expanded={expanded} aria-controls="financeDisclaimer" onClick={() => setExpanded((e) => !e)}>
            {disclaimer.toggleLabel}
          </button>
        )}
      </div>
    </div>
  );
}
