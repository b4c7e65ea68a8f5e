import { useParams } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon';

export default function ProductPage() {
  const { slug = '' } = useParams();
  return (
    <ComingSoon title="Product">
      <p>
        Product: <span className="font-mono">{slug}</span>
      </p>
    </ComingSoon>
  );
}
