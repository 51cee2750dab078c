int sourcelib_digit(int n) { return n % 10; }
