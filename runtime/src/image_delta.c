/* See image_delta.h. A run is a 4-byte word offset, a 4-byte word count,
 * then that many words; words past the base's end always differ. Runs
 * separated by a single equal word are merged: its 8 bytes cost what a new
 * run's head would. So every run after the first follows at least two
 * equal words, which pay for its head, and the differences never take more
 * than the image and one head. Images stay far below 2^32 words. */
#include "image_delta.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

struct SmcImageBase {
  size_t references;
  size_t size;
  unsigned char bytes[];
};

enum { WORD = 8, RUN_HEAD = 8 };

SmcImageBase* smc_image_base_new(const SmcInstance* instance, const unsigned char* image, size_t size) {
  SmcImageBase* base = smc_allocate(instance, 1, sizeof(SmcImageBase) + size);
  if (base == NULL) return NULL;
  base->references = 1;
  base->size = size;
  memcpy(base->bytes, image, size);
  return base;
}

SmcImageBase* smc_image_base_retain(SmcImageBase* base) {
  if (base != NULL) ++base->references;
  return base;
}

void smc_image_base_release(const SmcInstance* instance, SmcImageBase* base) {
  if (base != NULL && --base->references == 0) smc_release(instance, base);
}

size_t smc_image_delta_bound(size_t size) { return size + RUN_HEAD; }

/* Words i of the image and the base are equal (i below both sizes). */
static bool same_word(const unsigned char* image, const unsigned char* base, size_t i) {
  uint64_t a, b;
  memcpy(&a, image + i * WORD, WORD);
  memcpy(&b, base + i * WORD, WORD);
  return a == b;
}

size_t smc_image_delta_write(const SmcImageBase* base, const unsigned char* image, size_t size,
                             unsigned char* delta) {
  const size_t words = size / WORD;
  const size_t common = (size < base->size ? size : base->size) / WORD;
  const unsigned char* reference = base->bytes;
  size_t written = 0;
  size_t i = 0;
  while (i < words) {
    /* Skip equal words, eight at a time while they last. */
    while (i + 8 <= common && memcmp(image + i * WORD, reference + i * WORD, 8 * WORD) == 0) i += 8;
    while (i < common && same_word(image, reference, i)) ++i;
    if (i == words) break;
    /* A run: differing words, and single equal words between them. */
    const size_t first = i++;
    while (i < words) {
      if (i >= common || !same_word(image, reference, i)) {
        ++i;
      } else if (i + 1 < words && (i + 1 >= common || !same_word(image, reference, i + 1))) {
        i += 2;
      } else {
        break;
      }
    }
    const uint32_t head[2] = {(uint32_t)first, (uint32_t)(i - first)};
    memcpy(delta + written, head, RUN_HEAD);
    memcpy(delta + written + RUN_HEAD, image + first * WORD, (i - first) * WORD);
    written += RUN_HEAD + (i - first) * WORD;
  }
  return written;
}

void smc_image_delta_apply(const SmcImageBase* base, const unsigned char* delta, size_t delta_size,
                           unsigned char* image, size_t size) {
  memcpy(image, base->bytes, size < base->size ? size : base->size);
  for (size_t at = 0; at + RUN_HEAD <= delta_size;) {
    uint32_t head[2];
    memcpy(head, delta + at, RUN_HEAD);
    memcpy(image + (size_t)head[0] * WORD, delta + at + RUN_HEAD, (size_t)head[1] * WORD);
    at += RUN_HEAD + (size_t)head[1] * WORD;
  }
}
