import { ComingSoon } from '../../components/ComingSoon';

export default function RegisterPage() {
  return <ComingSoon title="Create Your Account" />;
}
