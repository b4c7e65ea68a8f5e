import { CouriersPanel } from './CouriersPanel';
import { PickupPointsPanel } from './PickupPointsPanel';
import { ZonesPanel } from './ZonesPanel';

/** The back office's delivery settings: zones with their counties and prices, pickup points and couriers. */
export function DeliveryTab() {
  return (
    <div className="space-y-10">
      <ZonesPanel />
      <PickupPointsPanel />
      <CouriersPanel />
    </div>
  );
}
