import { Card, SimpleGrid } from '@mantine/core';
import { AuthShell } from '../../../components/ui/AuthShell';
import classes from './RegisterPage.module.css';
import { RegisterForm } from './RegisterForm';
import { WelcomePanel } from './WelcomePanel';

export default function RegisterPage() {
  return (
    <AuthShell>
      <Card withBorder radius="lg" shadow="md" padding={0} className={classes.frame}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0}>
          <div className={classes.form}>
            <RegisterForm />
          </div>
          <WelcomePanel />
        </SimpleGrid>
      </Card>
    </AuthShell>
  );
}
