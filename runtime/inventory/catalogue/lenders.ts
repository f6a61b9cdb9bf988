// Lenders whose finance figures some cars carry (docs/requirements/dealer-services.md#validation names them); rates in percent.
export interface LenderProfile {
  name: string;
  interestRate: number;
  comparisonRate: number;
  establishmentFees: number;
  balloonPercent: number;
  termMonths: number;
  disclaimer: string;
}

export const LENDERS: LenderProfile[] = [
  {
    name: 'Taurus',
    interestRate: 8.99,
    comparisonRate: 9.49,
    establishmentFees: 0,
    balloonPercent: 0,
    termMonths: 60,
    disclaimer: 'Weekly repayment based on a 5-year secured consumer fixed rate loan. Fees and charges apply. Subject to lender approval.',
  },
  {
    name: 'Angle',
    interestRate: 7.99,
    comparisonRate: 8.38,
    establishmentFees: 1360.5,
    balloonPercent: 30,
    termMonths: 60,
    disclaimer: 'Based on a 5-year term, 10.0% deposit, 30.0% final payment. Comparison rate based on a 5-year secured consumer fixed rate loan of $30,000.',
  },
  {
    name: 'Powertorque',
    interestRate: 9.95,
    comparisonRate: 10.42,
    establishmentFees: 1300,
    balloonPercent: 0,
    termMonths: 60,
    disclaimer: 'Indicative weekly repayment only. Approved applicants only. Fees and charges apply.',
  },
  {
    name: 'Manual',
    interestRate: 10,
    comparisonRate: 10.5,
    establishmentFees: 0,
    balloonPercent: 0,
    termMonths: 60,
    disclaimer: 'Estimated repayment for illustration only; your rate may differ.',
  },
  {
    name: '360 Finance',
    interestRate: 8.5,
    comparisonRate: 9.1,
    establishmentFees: 0,
    balloonPercent: 0,
    termMonths: 60,
    disclaimer: 'Repayments are estimates only and subject to credit approval.',
  },
  {
    name: 'AusLoans',
    interestRate: 9.49,
    comparisonRate: 9.99,
    establishmentFees: 0,
    balloonPercent: 0,
    termMonths: 72,
    disclaimer: 'Subject to credit criteria. Fees and charges apply.',
  },
  {
    name: 'Nissan Finance',
    interestRate: 6.99,
    comparisonRate: 7.85,
    establishmentFees: 395,
    balloonPercent: 0,
    termMonths: 48,
    disclaimer: 'Nissan Finance offer for approved ABN holders and private buyers.',
  },
];
