import { CouriersPanel } from './CouriersPanel';
import { PickupPointsPanel } from './PickupPointsPanel';
import { RidersPanel } from './RidersPanel';
import { ZonesPanel } from './ZonesPanel';

/** The back office's delivery settings: zones with their counties and prices, pickup points, couriers and the riders' day. */
export function DeliveryTab() {
  return (
    <div className="space-y-10">
      <ZonesPanel />
      <PickupPointsPanel />
      <CouriersPanel />
      <RidersPanel />
    </div>
  );
}
