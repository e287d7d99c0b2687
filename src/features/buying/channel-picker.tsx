import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PayChannel, PayChannelCode } from '../../api/orders';
import { ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { payChannelsQuery } from './queries';

/** The pay channels for an amount (findAvailablePayChannels); the list stays while a new amount loads. */
export function usePayChannels(amount: number) {
  return useQuery({ ...payChannelsQuery(amount), placeholderData: keepPreviousData });
}

/** The chosen channel if it is offered, else the first one offered. */
export function effectiveChannel(channels: readonly PayChannel[] | undefined, chosen: PayChannelCode | null): PayChannelCode | null {
  if (!channels?.length) return null;
  return channels.some((channel) => channel.channelCode === chosen) ? chosen : channels[0]!.channelCode;
}

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
  if (query.isError) return <ErrorState error={query.error} title="支付方式加载失败" onRetry={() => void query.refetch()} />;
  return (
    <fieldset className="pay-channels" disabled={disabled}>
      <legend>支付方式</legend>
      {query.data.map((channel) => (
        <label key={channel.channelCode} className={`pay-channel${value === channel.channelCode ? ' is-checked' : ''}`}>
          <input type="radio" name="pay-channel" value={channel.channelCode} checked={value === channel.channelCode} onChange={() => onChange(channel.channelCode)} />
          <img src={channel.icon} alt="" width={20} height={20} />
          {channel.name}
        </label>
      ))}
    </fieldset>
  );
}
