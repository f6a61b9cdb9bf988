// The calculator itself (a lazy chunk): inputs within the site's bounds, figures from the domain rules. Used on the
// vehicle page (with the car) and on the standalone finance calculator page (without one).
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Car } from '../../schemas/generated/car';
import type { ResolvedFinanceSettings } from '../../schemas/generated/settings';
import {
  calculate,
  calculatorBounds,
  calculatorDisclaimer,
  clampCalculatorInput,
  comparisonRatePlaceholder,
  defaultCalculatorInputs,
  feeList,
  financeQuickPicks,
  formatFee,
  lenderDisclaimers,
  onceTracker,
  type CalculatorInputs,
  type FieldBounds,
  type LenderDisclaimer,
  type RepaymentFrequency,
} from '../../runtime/domain/finance';
import { formatMoney, formatNumber } from '../../runtime/domain/format';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { MoneyInput } from '../../runtime/ui/forms/MoneyInput';
import { useTrackAction } from '../../runtime/ui/tracking';

const FREQUENCIES: { value: RepaymentFrequency; label: string }[] = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'fortnightly', label: 'Fortnightly' },
  { value: 'monthly', label: 'Monthly' },
];

type SliderField = 'amount' | 'term' | 'interest' | 'deposit' | 'residual';
const INPUT_KEY: Record<SliderField, keyof CalculatorInputs> = {
  amount: 'amount',
  term: 'termYears',
  interest: 'interestRate',
  deposit: 'deposit',
  residual: 'residual',
};

function Slider(props: {
  field: SliderField;
  label: string;
  value: number;
  bounds: FieldBounds;
  shown: string;
  disabled?: boolean;
  note?: ReactNode;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const { bounds } = props;
  return (
    <div className={`calc-field calc-${props.field}`}>
      <div className="calc-label-row">
        <label htmlFor={id}>{props.label}</label>
        <output htmlFor={id} className="calc-value">
          {props.shown}
        </output>
      </div>
      {bounds.options ? (
        <select id={id} value={props.value} onChange={(e) => props.onChange(Number(e.target.value))}>
          {bounds.options.map((o) => (
            <option key={o} value={o}>
              {o} years
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={props.value}
          disabled={props.disabled}
          onChange={(e) => props.onChange(Number(e.target.value))}
        />
      )}
      {props.note}
    </div>
  );
}

export interface CalculatorProps {
  /** The vehicle page's car; none on the standalone calculator page. */
  car?: Car;
  finance: ResolvedFinanceSettings;
  quoteButtonText: string;
  /** Where the quote button goes; no button when null (only to a page this site has). */
  quoteHref: string | null;
  /** docs/requirements/dealer-services.md#constants: quick picks for the purchase price ($5,000 to $70,000, or $300,000
   * to $800,000 by flag); none when false. */
  quickPicks?: boolean;
  /** On a vehicle page: the loan behind the car's finance figure, so the calculator starts at the figure shown beside it. */
  start?: CalculatorInputs;
  /** Without the car: its lenders' disclaimers as the finance lenders call answered them. */
  disclaimers?: readonly LenderDisclaimer[];
}

export default function Calculator({ car, finance, quoteButtonText, quoteHref, quickPicks = false, start, disclaimers }: CalculatorProps) {
  const settings = finance;
  const bounds = useMemo(() => calculatorBounds(finance, car, start), [finance, car, start]);
  const [inputs, setInputs] = useState<CalculatorInputs>(() => start ?? defaultCalculatorInputs(finance, car));
  const [amountTyped, setAmountTyped] = useState<number | ''>(() => inputs.amount);
  const [amountMessage, setAmountMessage] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  // set once hydrated: typing before then would be reset by hydration (e2e tests wait for it)
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  // docs/requirements/dealer-services.md#states: the first change to term, amount or interest fires event 26, once
  const trackAction = useTrackAction();
  const tracker = useRef(onceTracker(() => trackAction('financeCalculator', car ? { car_id: car.id } : {})));
  const result = calculate(inputs, finance);

  const change = (field: SliderField, raw: number) => {
    tracker.current.changed(field);
    const { value } = clampCalculatorInput(field, raw, bounds[field]);
    setInputs((prev) => ({ ...prev, [INPUT_KEY[field]]: value }));
    if (field === 'amount') {
      setAmountTyped(value);
      setAmountMessage(null);
    }
  };

  const typeAmount = (typed: number | '') => {
    setAmountTyped(typed);
    const checked = clampCalculatorInput('price', typed === '' ? 0 : typed, bounds.price); // docs/requirements/dealer-services.md#validation: message at or beyond bounds
    setAmountMessage(checked.message);
    tracker.current.changed('amount');
    setInputs((prev) => ({ ...prev, amount: clampCalculatorInput('amount', checked.value, bounds.amount).value }));
  };

  // docs/requirements/dealer-services.md#constants: the disclaimer shows the seed's example (5-year term, 10.0% deposit, 30.0% final payment)
  const disclaimer = calculatorDisclaimer(finance, expanded);
  // docs/requirements/dealer-services.md#calls: the disclaimers of the lenders shown for this car (finance_lenders)
  const lenderTexts = useMemo(() => (car ? lenderDisclaimers(car, finance) : (disclaimers ?? [])), [car, finance, disclaimers]);
  const fees = feeList(finance, 'calculator');
  const ratePlaceholder = comparisonRatePlaceholder(finance);
  const amountId = useId();
  const years = formatNumber(inputs.termYears, Number.isInteger(inputs.termYears) ? 0 : 1);

  return (
    <div className="calculator" data-ready={ready ? 'true' : undefined}>
      <form className="calc-inputs" onSubmit={(e) => e.preventDefault()} aria-label="Loan details">
        <div className="calc-field calc-amount-text">
          <label htmlFor={amountId}>Purchase price</label>
          <MoneyInput
            id={amountId}
            name="purchase_price"
            label="Purchase price"
            value={amountTyped}
            onChange={typeAmount}
            quickPicks={quickPicks ? financeQuickPicks(finance) : []}
            invalid={Boolean(amountMessage)}
            describedBy={amountMessage ? `${amountId}-error` : undefined}
          />
          {amountMessage && (
            <p id={`${amountId}-error`} className="calc-error" role="alert">
              {amountMessage}
            </p>
          )}
        </div>
        <Slider
          field="amount"
          label="Loan amount"
          value={inputs.amount}
          bounds={bounds.amount}
          shown={formatMoney(inputs.amount)}
          onChange={(v) => change('amount', v)}
        />
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
        <Slider
          field="deposit"
          label="Deposit / trade-in"
          value={inputs.deposit}
          bounds={bounds.deposit}
          shown={formatMoney(inputs.deposit)}
          onChange={(v) => change('deposit', v)}
        />
        <Slider
          field="residual"
          label="Residual (balloon)"
          value={inputs.residual}
          bounds={bounds.residual}
          shown={formatMoney(inputs.residual)}
          onChange={(v) => change('residual', v)}
        />
        <fieldset className="calc-frequency">
          <legend>Repayment frequency</legend>
          {FREQUENCIES.map((f) => (
            <label key={f.value} className={inputs.frequency === f.value ? 'selected' : undefined}>
              <input
                type="radio"
                name="frequency"
                value={f.value}
                checked={inputs.frequency === f.value}
                onChange={() => setInputs((prev) => ({ ...prev, frequency: f.value }))}
              />
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
          {fees.length > 0 ? (
            fees.map((fee) => (
              <div key={fee.label} className="calc-fee">
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
          {fees.length === 0 && result.fees.monthly > 0 && (
            <div>
              <dt>Monthly account fee</dt>
              <dd>{formatFee(result.fees.monthly)}</dd>
            </div>
          )}
          <div>
            <dt>Comparison rate*</dt>
            {/* docs/requirements/dealer-services.md#constants: a lender's comparison rate range placeholder (8.38% - 19.42% for Angle) */}
            <dd data-testid="calc-comparison">{ratePlaceholder ?? result.comparisonRateText}</dd>
          </div>
        </dl>
        {quoteHref && (
          <SiteLink className="button button-primary calc-quote" href={quoteHref}>
            {quoteButtonText}
          </SiteLink>
        )}
      </div>

      <div id="financeDisclaimer" className="calc-disclaimer" data-showing={disclaimer.showing}>
        <p data-testid="finance-disclaimer">{disclaimer.text}</p>
        {disclaimer.toggleLabel && (
          <button type="button" className="link-button" aria-expanded={expanded} aria-controls="financeDisclaimer" onClick={() => setExpanded((e) => !e)}>
            {disclaimer.toggleLabel}
          </button>
        )}
        {lenderTexts.length > 0 && (
          <ul className="lender-disclaimers" aria-label="Lender disclaimers">
            {lenderTexts.map((d) => (
              <li key={d.lender} data-lender={d.lender}>
                <strong>{d.name}:</strong> {d.text}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
