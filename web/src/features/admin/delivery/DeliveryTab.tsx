import { PickupPointsPanel } from './PickupPointsPanel';
import { ZonesPanel } from './ZonesPanel';

/** The back office's delivery settings: zones with their counties and prices, and pickup points. */
export function DeliveryTab() {
  return (
    <div className="space-y-10">
      <ZonesPanel />
      <PickupPointsPanel />
    </div>
  );
}
