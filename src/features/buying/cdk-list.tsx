import { useId } from 'react';
import { CopyButton } from '../../shared/ui/copy-button';

export interface CdkEntry {
  goodsName: string;
  code: string;
}

/** Delivered codes, each with its own 复制 button. */
export function CdkList({ cdks, label = '激活码' }: { cdks: readonly CdkEntry[]; label?: string }) {
  const baseId = useId();
  if (cdks.length === 0) return null;
  return (
    <ul className="cdk-list" aria-label={label}>
      {cdks.map((cdk, index) => {
        const codeId = `${baseId}-${index}`;
        return (
          <li key={`${cdk.code}-${index}`} className="cdk-row">
            <span className="cdk-goods">{cdk.goodsName}</span>
            <code id={codeId} className="cdk-code">
              {cdk.code}
            </code>
            <CopyButton text={cdk.code} describedBy={codeId} />
          </li>
        );
      })}
    </ul>
  );
}
