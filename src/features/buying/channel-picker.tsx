import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import type { PayChannel, PayChannelCode } from '../../api/orders';
import { ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { payChannelsQuery } from './queries';
import { Radio } from '../../shared/ui/form-controls';

/** The pay channels for an amount (findAvailablePayChannels); the list stays while a new amount loads. */
export function usePayChannels(amount: number) {
  return useQuery({ ...payChannelsQuery(amount), placeholderData: keepPreviousData });
}

/** The chosen channel if it is offered, else the first one offered. */
export function effectiveChannel(
  channels: readonly PayChannel[] | undefined,
  chosen: PayChannelCode | null,
): PayChannelCode | null {
  if (!channels?.length) return null;
  return channels.some((channel) => channel.channelCode === chosen) ? chosen : channels[0]!.channelCode;
}

/** A channel mark's ground: a rounded tile in the brand's colour, the drawing on it (22 px, decorative). */
function MarkTile({ color, children }: { color: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width={22} height={22} aria-hidden="true">
      <rect width="24" height="24" rx="5" fill={color} />
      {children}
    </svg>
  );
}

/**
 * Each channel's mark, drawn here (our own simple drawings, not the brands' files): WeChat Pay's two chat
 * bubbles on green, Alipay's 支 on blue. Inline, so the radio shows it with the first paint of the dialog;
 * decorative (the label's text names the channel). The server's `icon` is not used: in the simulated
 * backend it is a letter tile.
 */
const CHANNEL_MARKS: Record<PayChannelCode, ReactElement> = {
  wechat: (
    <MarkTile color="#07c160">
      <path
        d="M10 4.5c-3.9 0-7 2.6-7 5.8 0 1.8 1 3.4 2.6 4.5l-.6 2.1 2.5-1.3c.8.3 1.7.4 2.5.4h.3a5 5 0 0 1-.2-1.4c0-3 2.9-5.4 6.5-5.4h.4C16.3 6.4 13.4 4.5 10 4.5z"
        fill="#fff"
      />
      <path
        d="M21 14.9c0-2.6-2.6-4.6-5.6-4.6s-5.6 2-5.6 4.6 2.6 4.6 5.6 4.6c.6 0 1.3-.1 1.9-.3l1.9 1-.5-1.6c1.4-.9 2.3-2.2 2.3-3.7z"
        fill="#fff"
        stroke="#07c160"
        strokeWidth=".6"
      />
      <circle cx="7.6" cy="8.9" r=".95" fill="#07c160" />
      <circle cx="12.2" cy="8.9" r=".95" fill="#07c160" />
      <circle cx="13.6" cy="14" r=".8" fill="#07c160" />
      <circle cx="17.3" cy="14" r=".8" fill="#07c160" />
    </MarkTile>
  ),
  alipay: (
    <MarkTile color="#1677ff">
      <path
        d="M5 7.2h14M12 4v6.3M7 11h9.5c-1.6 4.3-5 7.3-10 8.6M8.8 13.6c2.4 2.9 5.8 5 9.8 6"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </MarkTile>
  ),
};

/** Radio group 支付方式: 微信支付 / 支付宝. */
export function ChannelPicker({
  query,
  value,
  onChange,
  disabled = false,
}: {
  query: ReturnType<typeof usePayChannels>;
  value: PayChannelCode | null;
  onChange: (channel: PayChannelCode) => void;
  disabled?: boolean;
}) {
  if (query.isPending) return <LinesSkeleton label="支付方式" lines={2} />;
  if (query.isError)
    return <ErrorState error={query.error} title="支付方式加载失败" onRetry={() => void query.refetch()} />;
  return (
    <fieldset className="pay-channels" disabled={disabled}>
      <legend>支付方式</legend>
      {query.data.map((channel) => (
        <label key={channel.channelCode} className={`pay-channel${value === channel.channelCode ? ' is-checked' : ''}`}>
          <Radio
            name="pay-channel"
            value={channel.channelCode}
            checked={value === channel.channelCode}
            onChange={() => onChange(channel.channelCode)}
          />
          {CHANNEL_MARKS[channel.channelCode]}
          {channel.name}
        </label>
      ))}
    </fieldset>
  );
}
