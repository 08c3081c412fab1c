import { Button, Field, Heading, HStack, Input, Link, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"

/** The sign-in page's form (spec part 1 section 5, Sign-in). The sign-in chart drives it. */
export function LoginPage() {
  const { t } = useTranslation("auth")
  return (
    <Stack gap="8">
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          {t("login.title")}
        </Heading>
        <Text color="fg.muted">{t("login.subtitle")}</Text>
      </Stack>
      <Stack as="form" gap="5" noValidate onSubmit={(e) => e.preventDefault()} aria-label={t("login.title")}>
        <Field.Root required>
          <Field.Label>{t("login.email")}</Field.Label>
          <Input type="email" name="email" autoComplete="username" />
        </Field.Root>
        <Field.Root required>
          <Field.Label>{t("login.password")}</Field.Label>
          <Input type="password" name="password" autoComplete="current-password" />
        </Field.Root>
        <HStack justify="space-between">
          <Link asChild color="blue.600">
            <RouterLink to="/forgot-password">{t("login.forgot")}</RouterLink>
          </Link>
          <Button type="submit" colorPalette="blue">
            {t("login.submit")}
          </Button>
        </HStack>
      </Stack>
      <Text>
        {t("login.noAccount")}{" "}
        <Link asChild color="blue.600">
          <RouterLink to="/auth/registration">{t("login.signUp")}</RouterLink>
        </Link>
      </Text>
    </Stack>
  )
}
