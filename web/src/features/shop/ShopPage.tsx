import { ComingSoon } from '../../components/ComingSoon';

export default function ShopPage() {
  return <ComingSoon title="Shop" next={{ to: '/', label: 'Back to the home page' }} />;
}
