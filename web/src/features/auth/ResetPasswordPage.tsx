import { ComingSoon } from '../../components/ComingSoon';

export default function ResetPasswordPage() {
  return <ComingSoon title="Reset Password" />;
}
