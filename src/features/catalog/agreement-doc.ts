import type { Article } from '../../api/assist';

export type AgreementDoc = 'user' | 'privacy';

/**
 * Which legal text an article of the `agreement` category is. The contract
 * has no field for it, so the title decides: 隐私 (privacy) marks the privacy
 * policy, anything else is the user agreement.
 */
export function agreementDocOf(article: Pick<Article, 'title'>): AgreementDoc {
  return /隐私|privacy/i.test(article.title) ? 'privacy' : 'user';
}

export const AGREEMENT_TITLES: Record<AgreementDoc, string> = { user: '用户协议', privacy: '隐私政策' };
