/**
 * Who runs the store, as the footer and the agreement name it (docs/decisions/0019-money-path-trust-and-budget.md): the operator, its ICP licence
 * number and the customer-service hours, from build variables (README.md, Configuration). Without them the
 * simulated store's own values, which say that they are examples. Read in two places only: the build
 * writes the footer's lines into index.html (scripts/vite-site-legal.ts), so the first paint's script
 * carries none of this text; the agreement page (a lazy chunk) reads it from `import.meta.env`.
 */
import * as z from 'zod/mini';

const SIMULATED = '（模拟商城示例，非真实信息）';

const OperatorEnvSchema = z.object({
  VITE_OPERATOR_NAME: z._default(z.string(), `星游商城演示运营方${SIMULATED}`),
  VITE_ICP_LICENCE: z._default(z.string(), `示例ICP备00000000号${SIMULATED}`),
  VITE_SERVICE_HOURS: z._default(z.string(), `每天 9:00–22:00${SIMULATED}`),
});

export interface OperatorInfo {
  /** the company that runs the store */
  name: string;
  /** its ICP licence (备案) number */
  licence: string;
  /** when customer service answers */
  hours: string;
}

export function operatorInfo(env: Record<string, unknown>): OperatorInfo {
  // Empty means unset, as in env.ts.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = OperatorEnvSchema.parse(set);
  return { name: parsed.VITE_OPERATOR_NAME, licence: parsed.VITE_ICP_LICENCE, hours: parsed.VITE_SERVICE_HOURS };
}

/** The operator line as both the footer and the agreement show it. */
export function operatorLines(info: OperatorInfo): string[] {
  return [`运营方：${info.name}`, `ICP 备案号：${info.licence}`, `客服时间：${info.hours}`];
}
