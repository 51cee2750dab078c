/* The library "digits": every .c file of <name>/ in the SourceDirectory. */
int sourcelib_digit(int n);

int sourcelib_digit_sum(int n) {
  int sum = 0;
  for (n = n < 0 ? -n : n; n > 0; n /= 10) sum += sourcelib_digit(n);
  return sum;
}
